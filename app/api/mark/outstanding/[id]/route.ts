import { documentKeyParams } from '@/lib/domain/history/schemas';
import { markOutstanding } from '@/lib/domain/history/mark-outstanding';
import { clientIp } from '@/lib/http/client-ip';
import { route } from '@/lib/http/route';

/** GET /mark/outstanding/{id}: marks an order outstanding. */
export const GET = route({ allow: 'history.act', params: documentKeyParams, changesState: true }, ({ req, actor, params }) =>
  markOutstanding(actor, params.id, { ip: clientIp(req) }),
);

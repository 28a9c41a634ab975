import { documentKeyParams } from '@/lib/domain/history/schemas';
import { undismissDocument } from '@/lib/domain/history/undismiss-document';
import { clientIp } from '@/lib/http/client-ip';
import { route } from '@/lib/http/route';

/** GET /orders/undismiss/{id}: makes a dismissed order (or an invoice's order) available for invoicing again. */
export const GET = route({ allow: 'history.act', params: documentKeyParams, changesState: true }, ({ req, actor, params }) =>
  undismissDocument(actor, params.id, { ip: clientIp(req) }),
);

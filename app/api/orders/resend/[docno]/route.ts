import { resendOrder } from '@/lib/domain/history/resend-order';
import { docnoParams } from '@/lib/domain/history/schemas';
import { clientIp } from '@/lib/http/client-ip';
import { route } from '@/lib/http/route';

/** PUT /orders/resend/{docno}: e-mails the order with its PDF to the vendor's users (through the outbox). */
export const PUT = route({ allow: 'history.act', params: docnoParams }, ({ req, actor, params }) =>
  resendOrder(actor, params.docno, { ip: clientIp(req) }),
);

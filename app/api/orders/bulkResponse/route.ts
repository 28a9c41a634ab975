import { respondToOrdersInBulk } from '@/lib/domain/inbox/respond-to-order';
import { bulkRespondBodySchema } from '@/lib/domain/inbox/schemas';
import { route } from '@/lib/http/route';

/** PUT /orders/bulkResponse with {orderResponse: {header, bulkResponse: {tinyMce: docno}}}: one answer for many orders. */
export const PUT = route({ allow: 'orders.respond', body: bulkRespondBodySchema }, ({ actor, body }) =>
  respondToOrdersInBulk(actor, body.orderResponse),
);

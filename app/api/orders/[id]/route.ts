import { z } from 'zod';
import { respondToOrder } from '@/lib/domain/inbox/respond-to-order';
import { respondToOrderBodySchema } from '@/lib/domain/inbox/schemas';
import { route } from '@/lib/http/route';

const params = z.object({ id: z.string().trim().min(1).max(100) });

/** PUT /orders/{tinyMce} with {orderResponse}: confirm, reject or answer per line (spec §4, §5). */
export const PUT = route({ allow: 'orders.respond', params, body: respondToOrderBodySchema }, ({ actor, params, body }) =>
  respondToOrder(actor, params.id, body.orderResponse),
);

import { listReturnOrders } from '@/lib/domain/inbox/queries';
import { returnOrderFilterSchema } from '@/lib/domain/inbox/schemas';
import { route } from '@/lib/http/route';

/** GET /orders/returned?{order filter}[&responded=true]&results=&page=: open (or responded) return orders. */
export const GET = route({ allow: 'inbox.read', query: returnOrderFilterSchema }, ({ actor, query }) =>
  listReturnOrders(actor.scope, query),
);

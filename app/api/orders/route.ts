import { listOpenOrders } from '@/lib/domain/inbox/queries';
import { inboxFilterSchema } from '@/lib/domain/inbox/schemas';
import { route } from '@/lib/http/route';

/** GET /orders?{order filter}&results=&page=: open purchase orders (spec §2 inbox, §7). */
export const GET = route({ allow: 'inbox.read', query: inboxFilterSchema }, ({ actor, query }) => listOpenOrders(actor.scope, query));

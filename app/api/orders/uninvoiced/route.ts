import { listUninvoicedOrders } from '@/lib/domain/inbox/queries';
import { inboxFilterSchema } from '@/lib/domain/inbox/schemas';
import { route } from '@/lib/http/route';

/** GET /orders/uninvoiced?{filters}&results=&page=: the Invoices tab's toInvoice view (spec §2, §7). */
export const GET = route({ allow: 'inbox.read', query: inboxFilterSchema }, ({ actor, query }) => listUninvoicedOrders(actor.scope, query));

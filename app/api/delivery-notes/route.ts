import { listUnreadDeliveryNotes } from '@/lib/domain/inbox/queries';
import { inboxFilterSchema } from '@/lib/domain/inbox/schemas';
import { route } from '@/lib/http/route';

/** GET /delivery-notes?docno=&store=&fromDate=&toDate=&results=&page=: unread proof-of-delivery documents. */
export const GET = route({ allow: 'inbox.read', query: inboxFilterSchema }, ({ actor, query }) =>
  listUnreadDeliveryNotes(actor.scope, query),
);

import { listUnreadRemittances } from '@/lib/domain/inbox/queries';
import { inboxFilterSchema } from '@/lib/domain/inbox/schemas';
import { route } from '@/lib/http/route';

/** GET /remittance-advices?docno=&store=&fromDate=&toDate=&results=&page=: unread remittances as { resultPager, xdocs: { xdoc } }. */
export const GET = route({ allow: 'inbox.read', query: inboxFilterSchema }, ({ actor, query }) =>
  listUnreadRemittances(actor.scope, query),
);

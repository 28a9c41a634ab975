import { listUnreadDisputes } from '@/lib/domain/inbox/queries';
import { inboxFilterSchema } from '@/lib/domain/inbox/schemas';
import { route } from '@/lib/http/route';

/** GET /disputes?{filters}&results=&page=: unread disputes, each with its reason label. */
export const GET = route({ allow: 'inbox.read', query: inboxFilterSchema }, ({ actor, query }) => listUnreadDisputes(actor.scope, query));

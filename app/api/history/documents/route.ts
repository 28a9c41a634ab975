import { listHistoryDocuments } from '@/lib/domain/history/queries';
import { historyFilterSchema } from '@/lib/domain/history/schemas';
import { route } from '@/lib/http/route';

/** GET /history/documents?{history filter}&results=&page=&sort=&direction=: xdocs and resultPager (spec §7 History). */
export const GET = route({ allow: 'history.read', query: historyFilterSchema }, ({ actor, query }) =>
  listHistoryDocuments(actor.scope, query),
);

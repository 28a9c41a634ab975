import { listHistory } from '@/lib/domain/masterdata/queries';
import { historyFilterSchema } from '@/lib/domain/masterdata/schemas';
import { route } from '@/lib/http/route';

/** GET /masterdata/history?search=&event_type=&status=&pageLimit=&page=: {histories}, a page of master-data changes. */
export const GET = route({ allow: 'masterdata.read', query: historyFilterSchema }, ({ actor, query }) => listHistory(actor, query));

import { listChanges } from '@/lib/domain/changes/queries';
import { changeListFilterSchema } from '@/lib/domain/changes/schemas';
import { route } from '@/lib/http/route';

/** GET /changes/item?search=&status=&pageLimit=&page=: {changes}, a page of item changes (spec §7). */
export const GET = route({ allow: 'changes.read', query: changeListFilterSchema }, ({ actor, query }) => listChanges(actor, 'item', query));

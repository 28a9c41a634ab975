import { listItems } from '@/lib/domain/items/queries';
import { catalogueFilterSchema } from '@/lib/domain/items/schemas';
import { route } from '@/lib/http/route';

/** GET /items?search=&searchCode=&pageLimit=&status=&active=&page=: items and vendor_items (spec §7). */
export const GET = route({ allow: 'items.read', query: catalogueFilterSchema }, ({ actor, query }) => listItems(actor.scope, query));

import { catalogueFilterSchema } from '@/lib/domain/items/schemas';
import { listPricings } from '@/lib/domain/pricing/queries';
import { route } from '@/lib/http/route';

/** GET /pricing/item?search=&searchCode=&pageLimit=&status=&active=&page=: pricings and items (spec §7). */
export const GET = route({ allow: 'pricing.read', query: catalogueFilterSchema }, ({ actor, query }) => listPricings(actor.scope, query));

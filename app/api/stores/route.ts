import { lookupQuerySchema, listStores } from '@/lib/domain/lookups/queries';
import { route } from '@/lib/http/route';

/** GET /stores?limit=&searchCode= (spec §7 look-ups). */
export const GET = route({ query: lookupQuerySchema }, ({ actor, query }) => listStores(actor, query));

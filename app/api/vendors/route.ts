import { lookupQuerySchema, listVendors } from '@/lib/domain/lookups/queries';
import { route } from '@/lib/http/route';

/** GET /vendors?limit=&searchCode= (spec §7 look-ups). */
export const GET = route({ query: lookupQuerySchema }, ({ actor, query }) => listVendors(actor, query));

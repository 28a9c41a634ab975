import { lookupQuerySchema, listRegions } from '@/lib/domain/lookups/queries';
import { route } from '@/lib/http/route';

/** GET /regions?limit=&searchCode= (spec §7 look-ups). */
export const GET = route({ query: lookupQuerySchema }, ({ actor, query }) => listRegions(actor, query));

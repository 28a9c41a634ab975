import { lookupQuerySchema, listDivisions } from '@/lib/domain/lookups/queries';
import { route } from '@/lib/http/route';

/** GET /divisions?limit=&searchCode= (spec §7 look-ups). */
export const GET = route({ query: lookupQuerySchema }, ({ actor, query }) => listDivisions(actor, query));

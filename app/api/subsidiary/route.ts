import { lookupQuerySchema, listSubsidiaries } from '@/lib/domain/lookups/queries';
import { route } from '@/lib/http/route';

/** GET /subsidiary?limit=&searchCode=: {subsidiaries, selected_subsidiary}. */
export const GET = route({ query: lookupQuerySchema }, ({ actor, query }) => listSubsidiaries(actor, query));

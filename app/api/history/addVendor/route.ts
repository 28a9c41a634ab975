import { addSelectedVendor } from '@/lib/domain/history/selections';
import { addVendorQuerySchema } from '@/lib/domain/history/schemas';
import { route } from '@/lib/http/route';

/** GET /history/addVendor?code=: adds a vendor to the selected list; answers data (the list). */
export const GET = route({ allow: 'history.read', query: addVendorQuerySchema, changesState: true }, ({ actor, query }) =>
  addSelectedVendor(actor, query.code),
);

import { clearSelectedVendors } from '@/lib/domain/history/selections';
import { route } from '@/lib/http/route';

/** GET /history/clearVendors: empties the selected-vendor list; answers data (now empty). */
export const GET = route({ allow: 'history.read', changesState: true }, ({ actor }) => clearSelectedVendors(actor));

import { verifyFile } from '@/lib/domain/masterdata/queries';
import { route } from '@/lib/http/route';

/** GET /changes/verify/file: {success, message}; success is true while a background file process runs. */
export const GET = route({ allow: 'masterdata.read' }, ({ actor }) => verifyFile(actor));

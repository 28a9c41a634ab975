import { listUploadRows } from '@/lib/domain/masterdata/upload-rows';
import { uploadRowsQuerySchema } from '@/lib/domain/masterdata/schemas';
import { route } from '@/lib/http/route';

/** GET /masterdata/history/rows?process_id=&event_type=&pageLimit=&page=: {rows}, a page of the rows an upload carries. */
export const GET = route({ allow: 'masterdata.read', query: uploadRowsQuerySchema }, ({ actor, query }) => listUploadRows(actor, query));

import { uploadParamsSchema, uploadStatus } from '@/lib/domain/catalogue/upload-status';
import { route } from '@/lib/http/route';

/** GET /uploads/{processId}: an item or pricing upload's progress and result (the upload dialog polls it). */
export const GET = route({ params: uploadParamsSchema }, ({ actor, params }) => uploadStatus(actor, params.processId));

import { uploadErrorsFile, uploadParamsSchema } from '@/lib/domain/catalogue/upload-status';
import { fileResponse } from '@/lib/http/file-response';
import { route } from '@/lib/http/route';

/** GET /uploads/{processId}/errors: the upload's error file (xlsx: row, column, error), as the e-mail attaches it. */
export const GET = route({ params: uploadParamsSchema }, async ({ actor, params }) =>
  fileResponse(await uploadErrorsFile(actor, params.processId), 'attachment'),
);

import { downloadFile } from '@/lib/domain/history/files';
import { fileIdParams } from '@/lib/domain/history/schemas';
import { fileResponse } from '@/lib/http/file-response';
import { route } from '@/lib/http/route';

/** GET /files/{id}/download: a stored file the caller may see (a document's scan or attachment, a B-BBEE certificate). */
export const GET = route({ allow: 'documents.read', params: fileIdParams }, async ({ actor, params }) =>
  fileResponse(await downloadFile(actor, params.id), 'attachment'),
);

import { documentScan } from '@/lib/domain/history/files';
import { documentKeyParams } from '@/lib/domain/history/schemas';
import { fileResponse } from '@/lib/http/file-response';
import { route } from '@/lib/http/route';

/** GET /xdocs/{id}/scan-pdf: the document's scanned image or attached file, shown in the browser. */
export const GET = route({ allow: 'documents.read', params: documentKeyParams }, async ({ actor, params }) =>
  fileResponse(await documentScan(actor, params.id), 'inline'),
);

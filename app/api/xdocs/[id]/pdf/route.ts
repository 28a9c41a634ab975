import { z } from 'zod';
import { documentPdf } from '@/lib/domain/documents/document-pdf';
import { fileResponse } from '@/lib/http/file-response';
import { route } from '@/lib/http/route';

const params = z.object({ id: z.string().trim().min(1).max(100) });
const query = z.object({ docno: z.string().trim().max(100).optional() });

/** GET /xdocs/{id}/pdf?docno=: the document as a PDF download; a docno that does not match is a 404. */
export const GET = route({ allow: 'documents.read', params, query }, async ({ actor, params, query }) => {
  const { fileName, content } = await documentPdf(actor.scope, params.id, query.docno);
  return fileResponse({ fileName, contentType: 'application/pdf', content }, 'attachment');
});

import { relatedDocuments } from '@/lib/domain/history/related';
import { relatedDocumentsQuerySchema } from '@/lib/domain/history/schemas';
import { route } from '@/lib/http/route';

/** GET /xdocs?orderno=: every document of the order that the caller may see. */
export const GET = route({ allow: 'documents.read', query: relatedDocumentsQuerySchema }, ({ actor, query }) =>
  relatedDocuments(actor, query.orderno),
);

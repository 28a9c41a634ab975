import { findDocument } from '@/lib/domain/history/find-document';
import { findDocumentQuerySchema } from '@/lib/domain/history/schemas';
import { route } from '@/lib/http/route';

/** GET /history/find?number=: documents carrying this number as any of their numbers (beyond the spec). */
export const GET = route({ allow: 'history.read', query: findDocumentQuerySchema }, ({ actor, query }) =>
  findDocument(actor, query.number),
);

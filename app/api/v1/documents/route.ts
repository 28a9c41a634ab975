import { ingestDocument } from '@/lib/domain/ingestion/ingest-document';
import { ingestedDocumentSchema } from '@/lib/domain/ingestion/schemas';
import { v1Route } from '@/lib/http/v1-route';

/** POST /api/v1/documents: one document as JSON; 201 created, 200 unchanged or updated (docs/api.md). */
export const POST = v1Route({ scope: 'documents:write', body: ingestedDocumentSchema }, async ({ actor, body }) => {
  const result = await ingestDocument(actor, body);
  return Response.json(result, { status: result.status === 'created' ? 201 : 200 });
});

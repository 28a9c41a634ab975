import { ingestDocument } from '@/lib/domain/ingestion/ingest-document';
import { ingestUblOrder } from '@/lib/domain/ingestion/ingest-ubl-order';
import { ingestedDocumentSchema } from '@/lib/domain/ingestion/schemas';
import { JSON_BODY_LIMIT, readLimitedBytes } from '@/lib/http/body';
import { jsonBodyOf, v1Route } from '@/lib/http/v1-route';

/** application/xml, text/xml or a +xml type: a UBL Order; anything else is read as JSON. */
const isXml = (req: Request) => /^(application|text)\/([\w.-]+\+)?xml\s*(;|$)/i.test(req.headers.get('content-type') ?? '');

/**
 * POST /api/v1/documents: one document as JSON, or a UBL 2.1 Order as XML (the same limit, identity and
 * answers); 201 created, 200 unchanged or updated (docs/api.md).
 */
export const POST = v1Route({ scope: 'documents:write' }, async ({ req, actor }) => {
  const result = isXml(req)
    ? await ingestUblOrder(actor, await readLimitedBytes(req, JSON_BODY_LIMIT))
    : await ingestDocument(actor, await jsonBodyOf(req, ingestedDocumentSchema));
  return Response.json(result, { status: result.status === 'created' ? 201 : 200 });
});

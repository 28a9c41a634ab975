import { ingestBulk } from '@/lib/domain/ingestion/ingest-bulk';
import { ApiError } from '@/lib/http/errors';
import { ndjsonLines, ndjsonResponse } from '@/lib/http/ndjson';
import { v1Route } from '@/lib/http/v1-route';

/** One document line may be this long; the body as a whole is never held, so it has no limit of its own. */
const MAX_LINE_BYTES = 1024 * 1024;

/**
 * POST /api/v1/documents/bulk: NDJSON, one document a line, read as a stream; answers one NDJSON result a
 * line as each is committed (docs/api.md).
 */
export const POST = v1Route({ scope: 'documents:write' }, async ({ req, actor }) => {
  const type = req.headers.get('content-type') ?? '';
  if (type && !/^application\/(x-)?ndjson|^application\/jsonl|^text\/plain/i.test(type))
    throw new ApiError(415, 'Send NDJSON (Content-Type: application/x-ndjson), one document a line.');
  return ndjsonResponse(ingestBulk(actor, ndjsonLines(req.body, MAX_LINE_BYTES), MAX_LINE_BYTES));
});

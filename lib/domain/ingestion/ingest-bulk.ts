import type { IntegrationActor } from '../../auth/integration-actor';
import { resultOfError } from './bulk-results';
import { ingestBatch, type BatchItem } from './ingest-batch';
import { newBatchRule, type ParsedLine } from './line-batches';
import { readyBatches } from './ready-batches';
import { ReferenceCache } from './reference-cache';
import { ingestedDocumentSchema, type BulkResult } from './schemas';

export type BulkLine = { line: number; text: string } | { line: number; tooLong: true };

/** How long a batch waits for a next line that has not arrived yet before it is written and answered. */
const IDLE_MS = 5;

/**
 * POST /api/v1/documents/bulk: each line is one document, all or nothing for that line, so a bad line is
 * answered and the next is still taken. The lines at hand are ingested together, a batch per transaction
 * (ingest-batch.ts; the vendors and stores looked up once per request), with each line's outcome what it
 * would be alone. One answer per non-blank line, in order, given once its batch committed: an answer
 * reported is stored.
 */
export async function* ingestBulk(
  actor: IntegrationActor,
  lines: AsyncIterable<BulkLine>,
  maxLineBytes: number,
): AsyncGenerator<BulkResult> {
  const cache = new ReferenceCache(actor);
  for await (const batch of readyBatches(parsedLines(lines, maxLineBytes), newBatchRule, IDLE_MS)) {
    const documents = batch.filter((item): item is BatchItem => 'doc' in item);
    const written = documents.length ? await ingestBatch(actor, cache, documents) : [];
    let next = 0;
    for (const item of batch) yield 'result' in item ? item.result : written[next++];
  }
}

async function* parsedLines(lines: AsyncIterable<BulkLine>, maxLineBytes: number): AsyncGenerator<ParsedLine> {
  for await (const input of lines) {
    if ('tooLong' in input) {
      const error = `The line is longer than ${maxLineBytes} bytes.`;
      yield { line: input.line, result: { line: input.line, docno: null, status: 'invalid', error } };
    } else if (input.text.trim()) yield parseLine(input.line, input.text);
  }
}

function parseLine(line: number, text: string): ParsedLine {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { line, result: { line, docno: null, status: 'invalid', error: 'The line is not valid JSON.' } };
  }
  const parsed = ingestedDocumentSchema.safeParse(raw);
  if (parsed.success) return { line, doc: parsed.data };
  const docno =
    raw && typeof raw === 'object' && typeof (raw as { docno?: unknown }).docno === 'string' ? (raw as { docno: string }).docno : null;
  return { line, result: resultOfError(line, docno, parsed.error) };
}

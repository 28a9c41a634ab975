import type { IntegrationActor } from '../../auth/integration-actor';
import { resultOfError } from './bulk-results';
import { BatchTurns } from './batch-turns';
import { ingestBatch, type BatchItem } from './ingest-batch';
import { DocumentDependencies, newBatchRule, type ParsedLine } from './line-batches';
import { readyBatches } from './ready-batches';
import { ReferenceCache } from './reference-cache';
import { ingestedDocumentSchema, type BulkResult } from './schemas';

export type BulkLine = { line: number; text: string } | { line: number; tooLong: true };

/** How long a batch waits for a next line that has not arrived yet before it is written and answered. */
const IDLE_MS = 5;

/** A batch under way: its lines, its valid documents, and their answers once its transaction has ended. */
type InFlight = { batch: ParsedLine[]; documents: BatchItem[]; written: Promise<BulkResult[]> };
const ENDED = Symbol('ended');

/**
 * POST /api/v1/documents/bulk: each line is one document, all or nothing for that line, so a bad line is
 * answered and the next is still taken. The lines at hand are ingested together, a batch per transaction
 * (ingest-batch.ts; the vendors and stores looked up once per request), with each line's outcome what it
 * would be alone. One answer per non-blank line, in order, given once its batch committed: an answer
 * reported is stored.
 *
 * Two batches are in flight at once: the next is read, parsed and written while the one before it is in the
 * database, their commits kept in the file's order by their turns (batch-turns.ts). A batch with a document
 * that depends on one of the batch in flight (DocumentDependencies) waits for that batch to end first. A
 * batch's answers are given as soon as it has ended, without waiting for more lines.
 */
export async function* ingestBulk(
  actor: IntegrationActor,
  lines: AsyncIterable<BulkLine>,
  maxLineBytes: number,
): AsyncGenerator<BulkResult> {
  const cache = new ReferenceCache(actor);
  const turns = new BatchTurns();
  const batches = readyBatches(parsedLines(lines, maxLineBytes), newBatchRule, IDLE_MS)[Symbol.asyncIterator]();
  let pending = batches.next();
  let ahead: InFlight | undefined;
  try {
    for (;;) {
      const next = ahead ? await Promise.race([pending, ahead.written.then((): typeof ENDED => ENDED)]) : await pending;
      if (next === ENDED) {
        yield* answers(ahead!);
        ahead = undefined;
        continue;
      }
      if (next.done) break;
      pending = batches.next();
      const batch = next.value;
      const documents = batch.filter((item): item is BatchItem => 'doc' in item);
      if (ahead && dependsOnAny(ahead.documents, documents)) {
        yield* answers(ahead);
        ahead = undefined;
      }
      let taken!: () => void;
      const turnTaken = new Promise<void>((resolve) => (taken = resolve));
      const written = documents.length ? ingestBatch(actor, cache, documents, turns.next(taken)) : Promise.resolve([]);
      // Left unread when the client goes away: its failure must not go unhandled.
      written.catch(() => undefined);
      // The batch before may be answered once this one holds its turn (or has ended without needing one).
      await Promise.race([turnTaken, written]);
      if (ahead) yield* answers(ahead);
      ahead = { batch, documents, written };
    }
    if (ahead) yield* answers(ahead);
  } finally {
    pending.catch(() => undefined);
    void batches.return(undefined).catch(() => undefined);
  }
}

async function* answers({ batch, written }: InFlight): AsyncGenerator<BulkResult> {
  const results = await written;
  let next = 0;
  for (const item of batch) yield 'result' in item ? item.result : results[next++];
}

function dependsOnAny(before: readonly BatchItem[], documents: readonly BatchItem[]): boolean {
  const dependencies = new DocumentDependencies();
  for (const { doc } of before) dependencies.add(doc);
  return documents.some(({ doc }) => dependencies.dependsOn(doc));
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

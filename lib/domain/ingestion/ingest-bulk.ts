import { ZodError } from 'zod';
import { randomUUID } from 'node:crypto';
import type { IntegrationActor } from '../../auth/integration-actor';
import { ConflictError, DomainError } from '../errors';
import { ingestDocument, type IngestStatus } from './ingest-document';
import { ingestedDocumentSchema } from './schemas';

export type BulkLine = { line: number; text: string } | { line: number; tooLong: true };
export type BulkResult = {
  line: number;
  docno: string | null;
  status: IngestStatus | 'invalid' | 'conflict' | 'failed';
  error?: string;
  errors?: Record<string, string[]>;
};

/**
 * POST /api/v1/documents/bulk: each line is one document, ingested on its own (all or nothing for that
 * line), so a bad line is answered and the next is still taken. One answer per non-blank line, in order,
 * produced as the lines arrive: a result reported is committed.
 */
export async function* ingestBulk(
  actor: IntegrationActor,
  lines: AsyncIterable<BulkLine>,
  maxLineBytes: number,
): AsyncGenerator<BulkResult> {
  for await (const input of lines) {
    if ('tooLong' in input) {
      yield { line: input.line, docno: null, status: 'invalid', error: `The line is longer than ${maxLineBytes} bytes.` };
      continue;
    }
    if (!input.text.trim()) continue;
    yield await ingestLine(actor, input.line, input.text);
  }
}

async function ingestLine(actor: IntegrationActor, line: number, text: string): Promise<BulkResult> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { line, docno: null, status: 'invalid', error: 'The line is not valid JSON.' };
  }
  const docno =
    raw && typeof raw === 'object' && typeof (raw as { docno?: unknown }).docno === 'string' ? (raw as { docno: string }).docno : null;
  try {
    const doc = ingestedDocumentSchema.parse(raw);
    const result = await ingestDocument(actor, doc);
    return { line, docno: result.docno, status: result.status };
  } catch (error) {
    if (error instanceof ZodError) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
      return { line, docno, status: 'invalid', error: error.issues[0]?.message ?? 'The document is not valid.', errors };
    }
    if (error instanceof ConflictError) return { line, docno, status: 'conflict', error: error.message, errors: error.errors };
    if (error instanceof DomainError) return { line, docno, status: 'invalid', error: error.message, errors: error.errors };
    const id = randomUUID();
    console.error(`[error ${id}] bulk ingestion, line ${line}`, error);
    return { line, docno, status: 'failed', error: `Something went wrong on our side (reference ${id}); send this line again.` };
  }
}

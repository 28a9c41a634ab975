import { randomUUID } from 'node:crypto';
import { ZodError } from 'zod';
import { ConflictError, DomainError } from '../errors';
import type { BulkResult } from './schemas';

/** The answer for a line whose document was not taken: invalid, a conflict, or our failure (logged with a reference). */
export function resultOfError(line: number, docno: string | null, error: unknown): BulkResult {
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

import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { submissionKeys } from '../../../db/schema';
import { ConflictError } from '../errors';

/**
 * Idempotency-Key of a submission (spec issue: exactly once). The submitting transaction first looks
 * for the key (a finished earlier submission is replayed), and records it with the new document; the
 * key's primary key turns a concurrent duplicate that slipped past the order lock into a refusal.
 */

export const KEY_REUSED = 'This Idempotency-Key was already used for a different submission.';
export const KEY_IN_USE = 'The same submission is already being processed; reload to see it.';

/** A stable hash of what was submitted: the form's fields in key order and the attached file's bytes. */
export function submissionHash(fields: Record<string, unknown>, file?: { bytes: Buffer }): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b))));
  if (file) hash.update(file.bytes);
  return hash.digest('hex');
}

/** The document an earlier submission with this key created, or null; the key with other content is refused. */
export async function replayedDocument(tx: DbOrTx, userId: number, key: string, requestHash: string): Promise<number | null> {
  const [found] = await tx
    .select()
    .from(submissionKeys)
    .where(and(eq(submissionKeys.userId, userId), eq(submissionKeys.key, key)));
  if (!found) return null;
  if (found.requestHash !== requestHash) throw new ConflictError(KEY_REUSED, { 'Idempotency-Key': [KEY_REUSED] });
  return found.xdocId;
}

export async function rememberKey(tx: DbOrTx, userId: number, key: string, requestHash: string, xdocId: number): Promise<void> {
  await tx.insert(submissionKeys).values({ userId, key, requestHash, xdocId });
}

/** The constraint a PostgreSQL unique violation names (23505), else null; drizzle wraps the driver's error as its cause. */
export function violatedConstraint(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return null;
}

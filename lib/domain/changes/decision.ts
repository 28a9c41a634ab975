import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import type { Actor } from '../../auth/actor';
import { recordAudits } from '../audit/record';
import { changesDecided } from '../integrations/act-events';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import type { LockedChange, Refusal } from './lock-changes';
import { CHANGE_TABLES } from './queries';
import type { ChangeKind } from './schemas';

/** What a decision on a list of changes did: the ids acted on and the ones refused, with why. */
export type Decision = { decided: number[]; refused: Refusal[] };

/** Spec §7: a bulk answer names the changes done and not done, as the order responses do. */
export type BulkResult = { message: string; successful: string; failed: string; failures: Refusal[] };

export const KIND_LABEL: Record<ChangeKind, string> = { item: 'Item', pricing: 'Pricing' };

const catalogueCodeOf = (change: LockedChange) => String(change.changeable.catalogueCode ?? '');

/**
 * Marks changes approved or rejected (guarded by status 'pending', so nothing is decided twice) and
 * writes one audit entry per change, in the caller's transaction.
 */
export async function markDecided(
  tx: Tx,
  actor: Actor,
  kind: ChangeKind,
  changes: readonly LockedChange[],
  status: 'approved' | 'rejected',
  comments: string | undefined,
): Promise<number[]> {
  if (!changes.length) return [];
  const table = CHANGE_TABLES[kind];
  const ids = changes.map((c) => c.id);
  const done = await tx
    .update(table)
    .set({ status, decidedBy: actor.userId, decidedAt: sql`now()`, ...(comments ? { comments } : {}) })
    .where(and(inArray(table.id, ids), eq(table.status, 'pending')))
    .returning({ id: table.id });
  const doneIds = new Set(done.map((d) => d.id));
  await recordAudits(
    tx,
    actor,
    changes
      .filter((c) => doneIds.has(c.id))
      .map((c) => ({
        entityType: `${kind}_change`,
        entityId: c.id,
        action: status,
        descr: `${KIND_LABEL[kind]} change ${c.id} for ${catalogueCodeOf(c)} ${status}${comments ? `: ${comments}` : ''}`,
      })),
  );
  await changesDecided(
    tx,
    kind,
    changes.filter((c) => doneIds.has(c.id)),
    status,
    comments,
  );
  return ids.filter((id) => doneIds.has(id));
}

/** A single call's refusal as the error it answers with (404 unknown, 403 not its to decide, 409 otherwise). */
export function throwRefusal(refusal: Refusal): never {
  if (refusal.kind === 'not-found') throw new NotFoundError(refusal.message);
  if (refusal.kind === 'forbidden') throw new ForbiddenError(refusal.message);
  throw new ConflictError(refusal.message);
}

const bracketed = (ids: readonly number[]) => `[${ids.join(',')}]`;

export function bulkResult(decision: Decision, success: string, failure: string): BulkResult {
  const failed = decision.refused.map((r) => r.id);
  const note = failed.length ? `Changes [${failed.join(', ')}] could not be ${failure}.` : '';
  const message = !failed.length ? success : decision.decided.length ? `${success}. ${note}` : note;
  return { message, successful: bracketed(decision.decided), failed: bracketed(failed), failures: decision.refused };
}

import { db, type Tx } from '../../../db/client';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { recordActivity } from '../audit/record';
import { bulkResult, markDecided, throwRefusal, type BulkResult, type Decision } from './decision';
import { lockChanges } from './lock-changes';
import type { ChangeKind } from './schemas';

export const REJECTED = 'Rejected successfully';
export const BULK_REJECTED = 'Bulk Rejected successfully';

/** Rejects changes inside the caller's transaction, keeping the reason as the change's comments; `upload` as for approval. */
export async function rejectChangesIn(
  tx: Tx,
  actor: Actor,
  kind: ChangeKind,
  ids: readonly number[],
  reason: string,
  upload?: string,
): Promise<Decision> {
  const { ready, refused } = await lockChanges(tx, actor, kind, ids, upload);
  return { decided: await markDecided(tx, actor, kind, ready, 'rejected', reason), refused };
}

/** POST /changes/item/reject and /changes/pricing/reject {changeID, reason}. */
export async function rejectChange(actor: Actor, kind: ChangeKind, id: number, reason: string): Promise<{ message: string }> {
  assertCan(actor, 'changes.approve');
  return db.transaction(async (tx) => {
    const decision = await rejectChangesIn(tx, actor, kind, [id], reason);
    if (decision.refused.length) throwRefusal(decision.refused[0]);
    await recordActivity(tx, actor, 'reject-change', { detail: { kind, changeIDs: [id], reason } });
    return { message: REJECTED };
  });
}

/** POST /changes/item/bulkReject and /changes/pricing/bulkReject {changeIDs, reason}. */
export async function rejectChanges(actor: Actor, kind: ChangeKind, ids: readonly number[], reason: string): Promise<BulkResult> {
  assertCan(actor, 'changes.approve');
  return db.transaction(async (tx) => {
    const decision = await rejectChangesIn(tx, actor, kind, ids, reason);
    if (decision.decided.length)
      await recordActivity(tx, actor, 'reject-change', { detail: { kind, changeIDs: decision.decided, reason } });
    return bulkResult(decision, BULK_REJECTED, 'rejected');
  });
}

import { db, type Tx } from '../../../db/client';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { recordActivity } from '../audit/record';
import { applyItemChanges } from './apply-item-changes';
import { applyPricingChanges } from './apply-pricing-changes';
import { bulkResult, markDecided, throwRefusal, type BulkResult, type Decision } from './decision';
import { lockChanges, type LockedChange, type Refusal } from './lock-changes';
import type { ChangeKind } from './schemas';

export const APPROVED = 'Approved successfully';

const APPLY: Record<ChangeKind, (tx: Tx, changes: readonly LockedChange[]) => Promise<Refusal[]>> = {
  item: applyItemChanges,
  pricing: applyPricingChanges,
};

/**
 * Approves changes inside the caller's transaction: each one the actor may decide is written to its
 * item or pricing, marked approved and audited together; the rest (unknown, not the actor's to decide,
 * already decided, its own, out of date, part of an upload other than `upload`) are refused and left as
 * they are. The single and bulk calls, the background bulk approval and master-data uploads (which name
 * their `upload`) all approve through here.
 */
export async function approveChangesIn(
  tx: Tx,
  actor: Actor,
  kind: ChangeKind,
  ids: readonly number[],
  reason?: string,
  upload?: string,
): Promise<Decision> {
  const { ready, refused } = await lockChanges(tx, actor, kind, ids, upload);
  const notApplied = await APPLY[kind](tx, ready);
  const skip = new Set(notApplied.map((r) => r.id));
  const decided = await markDecided(
    tx,
    actor,
    kind,
    ready.filter((c) => !skip.has(c.id)),
    'approved',
    reason,
  );
  return { decided, refused: [...refused, ...notApplied] };
}

/** POST /changes/item/approve and /changes/pricing/approve {changeID}. */
export async function approveChange(actor: Actor, kind: ChangeKind, id: number): Promise<{ message: string }> {
  assertCan(actor, 'changes.approve');
  return db.transaction(async (tx) => {
    const decision = await approveChangesIn(tx, actor, kind, [id]);
    if (decision.refused.length) throwRefusal(decision.refused[0]);
    await recordActivity(tx, actor, 'approve-change', { detail: { kind, changeIDs: [id] } });
    return { message: APPROVED };
  });
}

/** POST /changes/pricing/bulkApproval {changeIDs, reason}: approves what it can, reports the rest. */
export async function approveChanges(actor: Actor, kind: ChangeKind, ids: readonly number[], reason?: string): Promise<BulkResult> {
  assertCan(actor, 'changes.approve');
  return db.transaction(async (tx) => {
    const decision = await approveChangesIn(tx, actor, kind, ids, reason);
    if (decision.decided.length) await recordActivity(tx, actor, 'approve-change', { detail: { kind, changeIDs: decision.decided } });
    return bulkResult(decision, APPROVED, 'approved');
  });
}

import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { db, type Tx } from '../../../db/client';
import { itemChanges } from '../../../db/schema';
import { enqueueInOutbox } from '../../../jobs/enqueue';
import { nudgeOutbox } from '../../../jobs/outbox-relay';
import type { ApproveItemChangesPayload } from '../../../jobs/definitions';
import { actorOfUser, type Actor } from '../../auth/actor';
import { assertCan, can } from '../../auth/permissions';
import { recordActivity } from '../audit/record';
import { ConflictError } from '../errors';
import { approveChangesIn } from './approve-changes';
import type { Refusal } from './lock-changes';

/** Spec §4: bulk item approval runs in the background; the user is told to check back in a few minutes. */
export const BULK_APPROVAL_STARTED = 'Bulk approval is running in the background, check back in a few minutes.';

/** The immediate answer: the changes handed to the worker (successful) and those refused at once (failed). */
export type BulkQueued = { message: string; successful: string; failed: string };

/** Changes approved per statement batch: bounded statements and lock lists however many are asked for. */
export const APPROVAL_BATCH = 500;

/**
 * POST /changes/item/bulkApproval {changeIDs, reason}: records the work for the worker and answers at
 * once. Only the changes the actor could approve now (in its approval scope, pending, not its own, not an upload's) go
 * to the worker; when there are none the request is refused at once instead of queueing nothing.
 */
export async function requestBulkItemApproval(actor: Actor, changeIDs: number[], reason?: string): Promise<BulkQueued> {
  assertCan(actor, 'changes.approve');
  const approvable = await db
    .select({ id: itemChanges.id })
    .from(itemChanges)
    .where(
      and(
        inArray(itemChanges.id, changeIDs),
        eq(itemChanges.status, 'pending'),
        // An upload's changes are decided with their upload, under Master data (lock-changes.ts).
        isNull(itemChanges.processId),
        sql`${itemChanges.requestedBy} is distinct from ${actor.userId}`,
        actor.scope.approvableChanges(itemChanges.vendorId),
      ),
    );
  if (!approvable.length)
    throw new ConflictError(
      'None of the selected changes can be approved: they are decided, your own, part of an upload (approved under Master data), or not yours to approve.',
    );
  // In the order asked for, so the worker approves (and the answer lists) them as the user chose them.
  const approvableIds = new Set(approvable.map((c) => c.id));
  const ids = changeIDs.filter((id) => approvableIds.has(id));
  await db.transaction((tx) => enqueueInOutbox(tx, 'approve-item-changes', { userId: actor.userId, changeIDs: ids, reason }));
  nudgeOutbox();
  // Like the order responses: the changes not handed to the worker are named at once.
  const skipped = changeIDs.filter((id) => !approvableIds.has(id));
  const note = skipped.length ? ` Changes [${skipped.join(', ')}] could not be approved.` : '';
  return { message: `${BULK_APPROVAL_STARTED}${note}`, successful: `[${ids.join(',')}]`, failed: `[${skipped.join(',')}]` };
}

export type BackgroundApproval = { approved: number; refused: Refusal[] };

/**
 * The worker's part, inside the outbox row's transaction: the requester is loaded again (a user
 * deactivated or demoted since gets nothing approved) and the changes are approved batch by batch;
 * those no longer pending are reported, never approved again.
 */
export async function approveChangesInBatches(tx: Tx, payload: ApproveItemChangesPayload): Promise<BackgroundApproval> {
  const actor = await actorOfUser(payload.userId);
  if (!actor || !can(actor, 'changes.approve'))
    return {
      approved: 0,
      refused: payload.changeIDs.map((id) => ({ id, kind: 'forbidden', message: 'The requester may no longer approve changes.' })),
    };
  const approved: number[] = [];
  const refused: Refusal[] = [];
  for (let start = 0; start < payload.changeIDs.length; start += APPROVAL_BATCH) {
    const decision = await approveChangesIn(tx, actor, 'item', payload.changeIDs.slice(start, start + APPROVAL_BATCH), payload.reason);
    approved.push(...decision.decided);
    refused.push(...decision.refused);
  }
  await recordActivity(tx, actor, 'approve-change', {
    detail: { kind: 'item', background: true, changeIDs: approved, refused: refused.map((r) => ({ id: r.id, message: r.message })) },
  });
  return { approved: approved.length, refused };
}

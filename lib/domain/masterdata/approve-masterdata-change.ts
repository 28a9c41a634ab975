import { eq, sql } from 'drizzle-orm';
import { db, type Tx } from '../../../db/client';
import { masterdataChanges, vendors, type VendorData } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { recordActivity, recordAudit } from '../audit/record';
import { masterdataDecided } from '../integrations/act-events';
import { approveChangesIn } from '../changes/approve-changes';
import { ConflictError } from '../errors';
import { formatDateTime } from '../../format';
import type { ChangeKind } from '../changes/schemas';
import { lockRecord, pendingChangesOf, type LockedRecord } from './lock-record';
import type { ApproveRecord } from './schemas';

export const RECORD_APPROVED = 'Approved successfully';

/** An upload's record approves all of its process's pending changes, or none (one out of date refuses it all). */
async function approveUpload(tx: Tx, actor: Actor, record: LockedRecord, changes: { kind: ChangeKind; ids: number[] }): Promise<string> {
  const decision = await approveChangesIn(tx, actor, changes.kind, changes.ids, undefined, record.processId);
  if (decision.refused.length) {
    const [first] = decision.refused;
    const more = decision.refused.length > 1 ? ` (and ${decision.refused.length - 1} more)` : '';
    throw new ConflictError(`This upload cannot be approved: ${first.message}${more}`);
  }
  return `${decision.decided.length} ${changes.kind} changes approved`;
}

/** A vendor data edit writes its proposed vendordata (and B-BBEE certificate) unless the vendor changed since. */
async function approveVendorUpdate(tx: Tx, record: LockedRecord): Promise<string> {
  if (!record.vendorId) throw new ConflictError('This change names no vendor.');
  const [vendor] = await tx
    .select({ code: vendors.code, updatedAt: vendors.updatedAt, changedSince: sql<boolean>`${vendors.updatedAt} > ${record.createdAt}` })
    .from(vendors)
    .where(eq(vendors.id, record.vendorId))
    .for('update');
  if (vendor.changedSince)
    throw new ConflictError(
      `This change is out of date: vendor ${vendor.code} was changed on ${formatDateTime(vendor.updatedAt)}, after it was requested. Reject it and ask for a new one.`,
    );
  const { bbbeeFileId, ...vendordata } = (record.newValues ?? {}) as VendorData & { bbbeeFileId?: number };
  await tx
    .update(vendors)
    .set({ vendordata, ...(bbbeeFileId ? { bbbeeFileId: Number(bbbeeFileId) } : {}), updatedAt: sql`now()` })
    .where(eq(vendors.id, record.vendorId));
  return `vendor ${vendor.code} data updated`;
}

/**
 * POST /changes/file/approve {process_id, event_type, status}: applies the record (an upload's changes,
 * or a vendor's new data), marks it approved and audits it, all in one transaction.
 */
export async function approveMasterdataChange(actor: Actor, key: ApproveRecord): Promise<{ message: string }> {
  assertCan(actor, 'masterdata.approve');
  return db.transaction(async (tx) => {
    const record = await lockRecord(tx, actor, key);
    const changes = await pendingChangesOf(tx, record);
    const applied = changes ? await approveUpload(tx, actor, record, changes) : await approveVendorUpdate(tx, record);
    await tx
      .update(masterdataChanges)
      .set({ status: 'approved', decidedBy: actor.userId, decidedAt: sql`now()` })
      .where(eq(masterdataChanges.id, record.id));
    await recordAudit(tx, actor, {
      entityType: 'masterdata_change',
      entityId: record.id,
      action: 'approved',
      descr: `Master-data change ${record.processId} (${record.eventType}) approved: ${applied}`,
    });
    await masterdataDecided(tx, record, 'approved');
    await recordActivity(tx, actor, 'approve-change', {
      detail: { kind: 'masterdata', process_id: record.processId, event_type: record.eventType },
    });
    return { message: RECORD_APPROVED };
  });
}

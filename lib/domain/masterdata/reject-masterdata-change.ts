import { eq, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { masterdataChanges } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { recordActivity, recordAudit } from '../audit/record';
import { masterdataDecided } from '../integrations/act-events';
import { rejectChangesIn } from '../changes/reject-changes';
import { lockRecord, pendingChangesOf } from './lock-record';
import type { RejectRecord } from './schemas';

export const RECORD_REJECTED = 'Rejected successfully';

/**
 * POST /changes/file/reject {process_id, reason, event_type, status}: records the reason; an upload's
 * pending changes are rejected with it, a vendor's data stays as it is.
 */
export async function rejectMasterdataChange(actor: Actor, input: RejectRecord): Promise<{ message: string }> {
  assertCan(actor, 'masterdata.approve');
  return db.transaction(async (tx) => {
    const record = await lockRecord(tx, actor, input);
    const changes = await pendingChangesOf(tx, record);
    if (changes) await rejectChangesIn(tx, actor, changes.kind, changes.ids, input.reason, record.processId);
    await tx
      .update(masterdataChanges)
      .set({ status: 'rejected', reason: input.reason, decidedBy: actor.userId, decidedAt: sql`now()` })
      .where(eq(masterdataChanges.id, record.id));
    await recordAudit(tx, actor, {
      entityType: 'masterdata_change',
      entityId: record.id,
      action: 'rejected',
      descr: `Master-data change ${record.processId} (${record.eventType}) rejected: ${input.reason}`,
    });
    await masterdataDecided(tx, record, 'rejected', input.reason);
    await recordActivity(tx, actor, 'reject-change', {
      detail: { kind: 'masterdata', process_id: record.processId, event_type: record.eventType, reason: input.reason },
    });
    return { message: RECORD_REJECTED };
  });
}

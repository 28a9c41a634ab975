import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { masterdataChanges } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { refusalOf } from '../../auth/permissions';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { CHANGE_TABLES } from '../changes/queries';
import type { ChangeKind } from '../changes/schemas';
import { isFileProcessRunning } from './queries';
import { PROCESS_RUNNING, type ApproveRecord } from './schemas';

export type LockedRecord = typeof masterdataChanges.$inferSelect;

/**
 * Locks the master-data record an approve or reject names and checks it may be decided now: no
 * background file process running in the actor's scope (its changes may still be arriving), the record
 * in scope (404) and the actor's to decide (403, 'User does not have permissions'), still pending and
 * as the screen saw it (409), and not requested by the actor (maker-checker).
 */
export async function lockRecord(tx: Tx, actor: Actor, key: ApproveRecord): Promise<LockedRecord> {
  if (await isFileProcessRunning(actor)) throw new ConflictError(PROCESS_RUNNING);
  const [row] = await tx
    .select({ record: masterdataChanges, approvable: sql<boolean>`(${actor.scope.approvableChanges(masterdataChanges.vendorId)})` })
    .from(masterdataChanges)
    .where(
      and(
        eq(masterdataChanges.processId, key.process_id),
        eq(masterdataChanges.eventType, key.event_type),
        actor.scope.masterdataChanges(),
      ),
    )
    .for('update');
  if (!row) throw new NotFoundError(`There is no ${key.event_type} change ${key.process_id}.`);
  const { record } = row;
  if (!row.approvable) throw new ForbiddenError(refusalOf('masterdata.approve'));
  if (record.status !== 'pending') throw new ConflictError(`This change is ${record.status}: it can no longer be approved or rejected.`);
  if (key.status && key.status !== record.status) throw new ConflictError(`This change is now ${record.status}; reload the list.`);
  if (record.requestedBy === actor.userId) throw new ConflictError('You requested this change: someone else must approve or reject it.');
  return record;
}

/** An upload record's kind of change and its process's changes still pending; null for a vendor data edit. */
export async function pendingChangesOf(tx: Tx, record: LockedRecord): Promise<{ kind: ChangeKind; ids: number[] } | null> {
  if (record.eventType === 'vendor.update') return null;
  const kind: ChangeKind = record.eventType === 'items.upload' ? 'item' : 'pricing';
  const table = CHANGE_TABLES[kind];
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.processId, record.processId), eq(table.status, 'pending')));
  return { kind, ids: rows.map((r) => r.id) };
}

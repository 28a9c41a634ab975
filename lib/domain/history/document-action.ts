import { and, eq, sql, type SQL } from 'drizzle-orm';
import { db, type Tx } from '../../../db/client';
import { xdocs } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import type { Activity } from '../audit/activities';
import type { AuditAction } from '../../vocabulary/audit-actions';
import { recordActivity, recordAudit } from '../audit/record';
import { findVisibleDocument, type XdocRow } from '../documents/queries';
import { ConflictError, ForbiddenError } from '../errors';

export type HistoryActionResult = { message: string; xdoc: { id: number; tinyMce: string; docno: string } };

/**
 * The frame of the history actions (spec §4): the staff's right to act at all, the document in scope
 * (else 404), write on its subsidiary (else 403), then one transaction holding the guarded change, its
 * audit entry and the user's activity. `change` returns false when its guard no longer holds (another
 * user acted first), which is answered like the state it found.
 */
export async function actOnDocument(
  actor: Actor,
  key: string,
  act: {
    activity: Activity;
    /** The document the action changes, or a refusal (RuleViolationError / ConflictError). */
    target: (doc: XdocRow) => Promise<XdocRow> | XdocRow;
    change: (tx: Tx, target: XdocRow) => Promise<boolean>;
    audit: (target: XdocRow) => { action: AuditAction; descr: string };
    refusedAsStale: (target: XdocRow) => string;
    done: (target: XdocRow) => string;
    /** The caller's address, recorded with the activity. */
    ip?: string;
  },
): Promise<HistoryActionResult> {
  assertCan(actor, 'history.act');
  const doc = await findVisibleDocument(actor.scope, key);
  if (!actor.scope.canWriteDocument(doc)) throw new ForbiddenError('You may view this document but not change it.');
  const target = await act.target(doc);
  if (target.id !== doc.id && !actor.scope.canWriteDocument(target))
    throw new ForbiddenError('You may view this document but not change it.');
  const changed = await db.transaction(async (tx) => {
    if (!(await act.change(tx, target))) return false;
    await recordAudit(tx, actor, { xdocId: target.id, ...act.audit(target) });
    await recordActivity(tx, actor, act.activity, {
      detail: { xdocId: target.id, tinyMce: target.tinyMce, docno: target.docno },
      ip: act.ip,
    });
    return true;
  });
  if (!changed) throw new ConflictError(act.refusedAsStale(target));
  return { message: act.done(target), xdoc: { id: target.id, tinyMce: target.tinyMce, docno: target.docno } };
}

/** Updates one document the actor may write, only while `guard` still holds; true when it did. */
export async function guardedUpdate(
  tx: Tx,
  actor: Actor,
  id: number,
  values: Partial<typeof xdocs.$inferInsert>,
  guard: SQL,
): Promise<boolean> {
  const rows = await tx
    .update(xdocs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(xdocs.id, id), guard, actor.scope.writableDocuments()))
    .returning({ id: xdocs.id });
  return rows.length > 0;
}

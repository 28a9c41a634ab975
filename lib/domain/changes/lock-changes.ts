import { and, asc, getTableName, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { masterdataChanges } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { CHANGE_TABLES, changesVisibleTo } from './queries';
import type { ChangeKind } from './schemas';

/** A change locked for a decision (approve or reject) in the caller's transaction. */
export type LockedChange = {
  id: number;
  vendorId: number;
  itemId: number | null;
  pricingId: number | null;
  changeable: Record<string, unknown>;
  createdAt: Date;
  processId: string | null;
};

/** Why a change was not acted on; `kind` is what a single call answers (404, 403 or 409). */
export type Refusal = { id: number; kind: 'not-found' | 'forbidden' | 'conflict'; message: string };

/** Issue 27: an upload's changes are decided as one, under Master data, so they never stand decided both ways. */
export const partOfUpload = (id: number, processId: string, fileName: string | null) =>
  `Change ${id} is part of the upload ${fileName ? `${fileName} ` : ''}(${processId}): approve or reject the whole upload under Master data.`;

/**
 * Locks the requested changes (in id order, so two bulk calls never deadlock) and sorts out the ones
 * that cannot be decided by this actor: unknown or out of scope, in scope but not approvable by it
 * (a retail admin without write on a subsidiary the vendor trades with), already decided (a second
 * approval is reported, never applied twice), requested by the actor itself (maker-checker), or part
 * of an upload other than the one being decided (`upload`, the master-data record's process id).
 */
export async function lockChanges(
  tx: Tx,
  actor: Actor,
  kind: ChangeKind,
  ids: readonly number[],
  upload?: string,
): Promise<{ ready: LockedChange[]; refused: Refusal[] }> {
  const table = CHANGE_TABLES[kind];
  const rows = ids.length
    ? await tx
        .select({
          id: table.id,
          vendorId: table.vendorId,
          itemId: table.itemId,
          pricingId: kind === 'pricing' ? CHANGE_TABLES.pricing.pricingId : sql<null>`null::int`,
          changeable: table.changeable,
          status: table.status,
          requestedBy: table.requestedBy,
          createdAt: table.createdAt,
          processId: table.processId,
          approvable: sql<boolean>`(${actor.scope.approvableChanges(table.vendorId)})`,
          // Qualified by hand: the builder leaves a lone table's columns unqualified, which the subquery would misread.
          uploadFile: sql<string | null>`(select m.new_values ->> 'fileName' from ${masterdataChanges} m
            where m.process_id = ${sql.identifier(getTableName(table))}.process_id limit 1)`,
        })
        .from(table)
        .where(and(inArray(table.id, [...ids]), changesVisibleTo(actor, kind)))
        .orderBy(asc(table.id))
        .for('update', { of: table })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ready: LockedChange[] = [];
  const refused: Refusal[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) refused.push({ id, kind: 'not-found', message: `Change ${id} was not found.` });
    else if (!row.approvable) refused.push({ id, kind: 'forbidden', message: `You may view change ${id} but not decide it.` });
    else if (row.status !== 'pending') refused.push({ id, kind: 'conflict', message: `Change ${id} was already ${row.status}.` });
    else if (row.processId !== null && row.processId !== upload)
      refused.push({ id, kind: 'conflict', message: partOfUpload(id, row.processId, row.uploadFile) });
    else if (row.requestedBy === actor.userId)
      refused.push({ id, kind: 'conflict', message: `Change ${id} was requested by you: someone else must approve or reject it.` });
    else ready.push(row);
  }
  return { ready, refused };
}

/** Oldest request first: of two changes to one row in a batch, the earlier is applied and the later is out of date. */
export function inRequestOrder(changes: readonly LockedChange[]): LockedChange[] {
  return [...changes].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
}

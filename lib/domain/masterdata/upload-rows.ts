import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { db } from '../../../db/client';
import { itemChanges, items, masterdataChanges, pricingChanges, pricings, subsidiaries } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { changesVisibleTo, itemValues, pricingValues, valuesBefore } from '../changes/queries';
import { NotFoundError } from '../errors';
import { laravelPage, offsetOf, type LaravelPage } from '../paging';
import { readableCatalogueChange, type ReadableField } from './readable-change';
import type { UploadRowsQuery } from './schemas';

/** One row an upload carries: the change it made, its state, and its fields old beside new in words. */
export type UploadRow = { id: number; status: string; catalogue_code: string; fields: ReadableField[] };

type Stored = { id: number; status: string; changeable: Record<string, unknown>; current: Record<string, unknown> | null };

async function itemRowsOf(where: SQL | undefined, limit: number, offset: number): Promise<Stored[]> {
  const rows = await db
    .select({ change: itemChanges, item: items })
    .from(itemChanges)
    .leftJoin(items, eq(items.id, itemChanges.itemId))
    .where(where)
    .orderBy(asc(itemChanges.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ change, item }) => ({
    id: change.id,
    status: change.status,
    changeable: change.changeable,
    current: valuesBefore(change, itemValues(item)),
  }));
}

async function pricingRowsOf(where: SQL | undefined, limit: number, offset: number): Promise<Stored[]> {
  const rows = await db
    .select({ change: pricingChanges, pricing: pricings, catalogueCode: items.catalogueCode, subsidiaryCode: subsidiaries.code })
    .from(pricingChanges)
    .leftJoin(pricings, eq(pricings.id, pricingChanges.pricingId))
    .leftJoin(items, eq(items.id, pricingChanges.itemId))
    .leftJoin(subsidiaries, eq(subsidiaries.id, pricings.subsidiaryId))
    .where(where)
    .orderBy(asc(pricingChanges.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ change, pricing, catalogueCode, subsidiaryCode }) => ({
    id: change.id,
    status: change.status,
    changeable: change.changeable,
    current: valuesBefore(change, pricingValues(pricing, catalogueCode, subsidiaryCode)),
  }));
}

/**
 * GET /masterdata/history/rows: the item or pricing changes an upload made (its process's rows), a page
 * at a time in the order the file held them, each beside the item or price it changes, so an approver
 * sees what approving the upload writes. The record must be one the actor may read; rows are those of
 * vendors in its scope.
 */
export async function listUploadRows(actor: Actor, query: UploadRowsQuery): Promise<{ rows: LaravelPage<UploadRow> }> {
  assertCan(actor, 'masterdata.read');
  const [record] = await db
    .select({ id: masterdataChanges.id })
    .from(masterdataChanges)
    .where(
      and(
        eq(masterdataChanges.processId, query.process_id),
        eq(masterdataChanges.eventType, query.event_type),
        actor.scope.masterdataChanges(),
      ),
    )
    .limit(1);
  if (!record) throw new NotFoundError('Master-data change not found.');
  const kind = query.event_type === 'items.upload' ? 'item' : 'pricing';
  const table = kind === 'item' ? itemChanges : pricingChanges;
  const where = and(eq(table.processId, query.process_id), changesVisibleTo(actor, kind));
  const offset = offsetOf(query.page, query.pageLimit);
  const [stored, [{ total }]] = await Promise.all([
    kind === 'item' ? itemRowsOf(where, query.pageLimit, offset) : pricingRowsOf(where, query.pageLimit, offset),
    db.select({ total: count() }).from(table).where(where),
  ]);
  const rows = stored.map(({ id, status, changeable, current }) => ({
    id,
    status,
    catalogue_code: String(changeable.catalogueCode ?? current?.catalogueCode ?? ''),
    fields: readableCatalogueChange(changeable, current),
  }));
  return { rows: laravelPage(rows, query.pageLimit, query.page, total) };
}

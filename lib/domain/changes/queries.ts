import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db } from '../../../db/client';
import { itemChanges, items, pricingChanges, pricings, subsidiaries, users, vendors } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { laravelPage, offsetOf, type LaravelPage } from '../paging';
import { escapeLike } from '../query-text';
import { orderBySql, type SortInput } from '../sorting';
import type { ChangeKind, ChangeListFilter, ChangeSortKey } from './schemas';

/**
 * A change as the change-management lists show it: the proposed values (`changeable`) beside the
 * values it changes (`current`, null for a new item or price), so the detail dialog can show them side
 * by side. While pending those are the item's or pricing's values now; once decided, the values the
 * change was made against (`previous`, kept since issue 27), since the row now holds the new ones.
 * `process_id` names the upload a change belongs to: such a change is decided with its upload under
 * Master data.
 */
export type ChangeRow = {
  id: number;
  kind: ChangeKind;
  status: string;
  changeable: Record<string, unknown>;
  current: Record<string, unknown> | null;
  comments: string | null;
  process_id: string | null;
  vendor: { id: number; code: string; name: string };
  requested_by: { id: number; name: string } | null;
  decided_by: { id: number; name: string } | null;
  created_at: string;
  decided_at: string | null;
};

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');
const person = (user: { id: number; name: string } | null) => (user ? { id: user.id, name: user.name } : null);

type StoredChange = typeof itemChanges.$inferSelect | typeof pricingChanges.$inferSelect;

/** An item's values as a change of it shows them. */
export const itemValues = (item: typeof items.$inferSelect | null) =>
  item && {
    catalogueCode: item.catalogueCode,
    descr: item.descr,
    barcode: item.barcode,
    unitOfMeasure: item.unitOfMeasure,
    packSize: item.packSize,
    active: item.active,
  };

/** A price's values as a change of it shows them (with the item's description where the list shows it). */
export const pricingValues = (
  pricing: typeof pricings.$inferSelect | null,
  catalogueCode: string | null,
  subsidiaryCode: string | null,
  descr?: string | null,
) =>
  pricing && {
    catalogueCode,
    ...(descr === undefined ? {} : { descr }),
    costPrice: pricing.costPrice,
    retailPrice: pricing.retailPrice,
    effectiveFrom: pricing.effectiveFrom,
    subsidiaryCode,
  };

/**
 * The values a change is shown against (see ChangeRow): the live ones while it waits; once decided, those it
 * was made against (kept with it when it was made), so an approved change still reads old → new.
 */
export function valuesBefore(change: StoredChange, live: Record<string, unknown> | null): Record<string, unknown> | null {
  if (change.status === 'pending' || change.previous === null) return live;
  return Object.keys(change.previous).length ? change.previous : null;
}

/** What item and pricing rows share: everything but the current values. */
function commonFields(
  kind: ChangeKind,
  change: StoredChange,
  vendor: ChangeRow['vendor'],
  requestedBy: { id: number; name: string } | null,
  decidedBy: { id: number; name: string } | null,
): Omit<ChangeRow, 'current'> {
  return {
    id: change.id,
    kind,
    status: change.status,
    changeable: change.changeable,
    comments: change.comments,
    process_id: change.processId,
    vendor,
    requested_by: person(requestedBy),
    decided_by: person(decidedBy),
    created_at: change.createdAt.toISOString(),
    decided_at: change.decidedAt?.toISOString() ?? null,
  };
}

/** The table behind each kind, so lists, export and commands read changes one way. */
export const CHANGE_TABLES = { item: itemChanges, pricing: pricingChanges } as const;

export function changesVisibleTo(actor: Actor, kind: ChangeKind): SQL {
  return kind === 'item' ? actor.scope.itemChanges() : actor.scope.pricingChanges();
}

function filterConditions(kind: ChangeKind, filter: Pick<ChangeListFilter, 'search' | 'status'>): (SQL | undefined)[] {
  const table = CHANGE_TABLES[kind];
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : null;
  return [
    filter.status !== 'all' ? eq(table.status, filter.status) : undefined,
    pattern
      ? or(
          ilike(sql`${table.changeable}->>'catalogueCode'`, pattern),
          ilike(sql`${table.changeable}->>'descr'`, pattern),
          ilike(vendors.code, pattern),
          ilike(vendors.name, pattern),
          ilike(sql`coalesce(${table.processId}, '')`, pattern),
        )
      : undefined,
  ];
}

/** A list's order: the asked column over every page, else pending first and newest first. */
function changeOrder(kind: ChangeKind, sort: SortInput<ChangeSortKey>): SQL {
  const table = CHANGE_TABLES[kind];
  return orderBySql(
    sort,
    { vendor: vendors.code, createdAt: table.createdAt },
    {
      tiebreak: table.id,
      defaultOrder: sql`${table.status} = 'pending' desc, ${table.createdAt} desc, ${table.id} desc`,
    },
  );
}

async function itemRows(where: SQL | undefined, limit: number, offset: number, order: SQL): Promise<ChangeRow[]> {
  const rows = await db
    .select({ change: itemChanges, vendor: { id: vendors.id, code: vendors.code, name: vendors.name }, item: items, requester, decider })
    .from(itemChanges)
    .innerJoin(vendors, eq(vendors.id, itemChanges.vendorId))
    .leftJoin(items, eq(items.id, itemChanges.itemId))
    .leftJoin(requester, eq(requester.id, itemChanges.requestedBy))
    .leftJoin(decider, eq(decider.id, itemChanges.decidedBy))
    .where(where)
    .orderBy(order)
    .limit(limit)
    .offset(offset);
  return rows.map(({ change, vendor, item, requester: r, decider: d }) => ({
    ...commonFields('item', change, vendor, r, d),
    current: valuesBefore(change, itemValues(item)),
  }));
}

async function pricingRows(where: SQL | undefined, limit: number, offset: number, order: SQL): Promise<ChangeRow[]> {
  const rows = await db
    .select({
      change: pricingChanges,
      vendor: { id: vendors.id, code: vendors.code, name: vendors.name },
      pricing: pricings,
      item: { catalogueCode: items.catalogueCode, descr: items.descr },
      subsidiaryCode: subsidiaries.code,
      requester,
      decider,
    })
    .from(pricingChanges)
    .innerJoin(vendors, eq(vendors.id, pricingChanges.vendorId))
    .leftJoin(pricings, eq(pricings.id, pricingChanges.pricingId))
    .leftJoin(items, eq(items.id, pricingChanges.itemId))
    .leftJoin(subsidiaries, eq(subsidiaries.id, pricings.subsidiaryId))
    .leftJoin(requester, eq(requester.id, pricingChanges.requestedBy))
    .leftJoin(decider, eq(decider.id, pricingChanges.decidedBy))
    .where(where)
    .orderBy(order)
    .limit(limit)
    .offset(offset);
  return rows.map(({ change, vendor, pricing, item, subsidiaryCode, requester: r, decider: d }) => ({
    ...commonFields('pricing', change, vendor, r, d),
    current: valuesBefore(change, pricingValues(pricing, item?.catalogueCode ?? null, subsidiaryCode, item?.descr ?? null)),
  }));
}

/** Rows of one kind under the actor's scope and a filter, newest pending first; for the lists and the export. */
export async function readChanges(
  actor: Actor,
  kind: ChangeKind,
  filter: Pick<ChangeListFilter, 'search' | 'status' | 'sort' | 'direction'>,
  limit: number,
  offset = 0,
): Promise<ChangeRow[]> {
  const where = and(changesVisibleTo(actor, kind), ...filterConditions(kind, filter));
  const order = changeOrder(kind, filter);
  return kind === 'item' ? itemRows(where, limit, offset, order) : pricingRows(where, limit, offset, order);
}

/** GET /changes/item and GET /changes/pricing/item: `changes`, a Laravel-style page (spec §3). */
export async function listChanges(actor: Actor, kind: ChangeKind, filter: ChangeListFilter): Promise<{ changes: LaravelPage<ChangeRow> }> {
  assertCan(actor, 'changes.read');
  const table = CHANGE_TABLES[kind];
  const where = and(changesVisibleTo(actor, kind), ...filterConditions(kind, filter));
  const [rows, [{ total }]] = await Promise.all([
    readChanges(actor, kind, filter, filter.pageLimit, offsetOf(filter.page, filter.pageLimit)),
    db.select({ total: count() }).from(table).innerJoin(vendors, eq(vendors.id, table.vendorId)).where(where),
  ]);
  return { changes: laravelPage(rows, filter.pageLimit, filter.page, total) };
}

import { and, asc, count, countDistinct, eq, gt, inArray, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { items, vendors } from '../../../db/schema';
import type { Scope } from '../../auth/scope';
import { keysetBatches } from '../keyset-batches';
import { laravelPage, offsetOf } from '../paging';
import { orderBySql, type SortColumns } from '../sorting';
import { hasPendingItemChange, itemConditions } from './conditions';
import type { CatalogueFilter, CatalogueSortKey } from './schemas';

const ITEM_SORTS: SortColumns<CatalogueSortKey> = { catalogueCode: items.catalogueCode, descr: items.descr, vendorCode: vendors.code };

/** An item as the API shows it (spec §2 item management). */
export const ITEM_FIELDS = {
  id: items.id,
  vendorId: items.vendorId,
  vendorCode: vendors.code,
  vendorName: vendors.name,
  catalogueCode: items.catalogueCode,
  descr: items.descr,
  barcode: items.barcode,
  unitOfMeasure: items.unitOfMeasure,
  packSize: items.packSize,
  active: items.active,
  status: sql<string>`case when ${hasPendingItemChange} then 'pending' else ${items.status} end`,
  updatedAt: items.updatedAt,
};

/**
 * GET /items: `items`, a page of the scope's items under the filter, and `vendor_items`, the vendors
 * those items belong to with how many each has (the screen's vendor column and upload hint). `updatedAt`
 * is the ISO text the JSON answer carries, so the server-rendered first page and the screen's later ones
 * are one type (ItemsAnswer, which the screen reads).
 */
export async function listItems(scope: Scope, filter: CatalogueFilter) {
  const where = itemConditions(scope, filter, hasPendingItemChange);
  const [rows, [{ total }], perVendor] = await Promise.all([
    db
      .select(ITEM_FIELDS)
      .from(items)
      .innerJoin(vendors, eq(vendors.id, items.vendorId))
      .where(where)
      .orderBy(
        orderBySql(filter, ITEM_SORTS, {
          tiebreak: items.id,
          defaultOrder: sql`${vendors.code} asc, ${items.catalogueCode} asc, ${items.id} asc`,
        }),
      )
      .limit(filter.pageLimit)
      .offset(offsetOf(filter.page, filter.pageLimit)),
    db.select({ total: count() }).from(items).innerJoin(vendors, eq(vendors.id, items.vendorId)).where(where),
    db
      .select({ id: vendors.id, code: vendors.code, name: vendors.name, items: countDistinct(items.id) })
      .from(items)
      .innerJoin(vendors, eq(vendors.id, items.vendorId))
      .where(where)
      .groupBy(vendors.id)
      .orderBy(asc(vendors.code)),
  ]);
  return {
    items: laravelPage(
      rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
      filter.pageLimit,
      filter.page,
      total,
    ),
    vendor_items: laravelPage(perVendor, Math.max(1, perVendor.length), 1, perVendor.length),
  };
}

/** The named items the scope may see, for an export of the ticked rows; others are left out. */
export async function itemsByIds(scope: Scope, ids: readonly number[]) {
  return db
    .select(ITEM_FIELDS)
    .from(items)
    .innerJoin(vendors, eq(vendors.id, items.vendorId))
    .where(and(scope.items(), inArray(items.id, [...ids])))
    .orderBy(asc(vendors.code), asc(items.catalogueCode), asc(items.id));
}

/** Every item of the scope in batches by id, for the e-mailed download: never the whole list in memory. */
export function allItemsInBatches(scope: Scope, batchSize = 5000) {
  return keysetBatches(
    0,
    (after) =>
      db
        .select(ITEM_FIELDS)
        .from(items)
        .innerJoin(vendors, eq(vendors.id, items.vendorId))
        .where(and(scope.items(), gt(items.id, after)))
        .orderBy(asc(items.id))
        .limit(batchSize),
    (row) => row.id,
  );
}

export type ItemRow = Awaited<ReturnType<typeof itemsByIds>>[number];

/** GET /items's answer, as the items screen reads it. */
export type ItemsAnswer = Awaited<ReturnType<typeof listItems>>;

import { and, asc, count, countDistinct, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { db } from '../../../db/client';
import { items, pricingChanges, pricings, subsidiaries, vendors } from '../../../db/schema';
import type { Scope } from '../../auth/scope';
import { itemConditions } from '../items/conditions';
import type { CatalogueFilter, CatalogueSortKey } from '../items/schemas';
import { keysetBatches } from '../keyset-batches';
import { laravelPage, offsetOf } from '../paging';
import { orderBySql, type SortColumns } from '../sorting';

const PRICING_SORTS: SortColumns<CatalogueSortKey> = { catalogueCode: items.catalogueCode, descr: items.descr, vendorCode: vendors.code };

/** A price is 'pending' while a change of its item's prices awaits approval. */
const hasPendingPricingChange = sql<boolean>`exists (select 1 from ${pricingChanges} where ${pricingChanges.itemId} = ${pricings.itemId} and ${pricingChanges.status} = 'pending')`;

/** A price as the API shows it (spec §2 pricing): the price with its item and vendor. */
export const PRICING_FIELDS = {
  id: pricings.id,
  itemId: pricings.itemId,
  vendorCode: vendors.code,
  vendorName: vendors.name,
  catalogueCode: items.catalogueCode,
  descr: items.descr,
  subsidiaryCode: subsidiaries.code,
  subsidiaryName: subsidiaries.name,
  costPrice: pricings.costPrice,
  retailPrice: pricings.retailPrice,
  effectiveFrom: pricings.effectiveFrom,
  effectiveTo: pricings.effectiveTo,
  active: items.active,
  status: sql<string>`case when ${hasPendingPricingChange} then 'pending' else ${pricings.status} end`,
};

function pricingsFrom(where: SQL | undefined) {
  return db
    .select(PRICING_FIELDS)
    .from(pricings)
    .innerJoin(items, eq(items.id, pricings.itemId))
    .innerJoin(vendors, eq(vendors.id, items.vendorId))
    .leftJoin(subsidiaries, eq(subsidiaries.id, pricings.subsidiaryId))
    .where(where);
}

const conditionsOf = (scope: Scope, filter: CatalogueFilter) =>
  and(scope.pricings(), itemConditions(scope, filter, hasPendingPricingChange));

/**
 * GET /pricing/item: `pricings`, a page of the scope's prices under the filter, and `items`, the
 * distinct items of that page with how many items the whole filter matches (spec §3: data and total).
 */
export async function listPricings(scope: Scope, filter: CatalogueFilter) {
  const where = conditionsOf(scope, filter);
  const counted = db
    .select({ total: count(), items: countDistinct(pricings.itemId) })
    .from(pricings)
    .innerJoin(items, eq(items.id, pricings.itemId))
    .innerJoin(vendors, eq(vendors.id, items.vendorId))
    .where(where);
  const [rows, [totals]] = await Promise.all([
    pricingsFrom(where)
      .orderBy(
        orderBySql(filter, PRICING_SORTS, {
          tiebreak: pricings.id,
          defaultOrder: sql`${vendors.code} asc, ${items.catalogueCode} asc, ${pricings.effectiveFrom} asc, ${pricings.id} asc`,
        }),
      )
      .limit(filter.pageLimit)
      .offset(offsetOf(filter.page, filter.pageLimit)),
    counted,
  ]);
  const pageItems = [
    ...new Map(
      rows.map((r) => [r.itemId, { id: r.itemId, catalogueCode: r.catalogueCode, descr: r.descr, vendorCode: r.vendorCode }]),
    ).values(),
  ];
  return { pricings: laravelPage(rows, filter.pageLimit, filter.page, totals.total), items: { data: pageItems, total: totals.items } };
}

/** The named prices the scope may see, for an export of the ticked rows; others are left out. */
export async function pricingsByIds(scope: Scope, ids: readonly number[]) {
  return pricingsFrom(and(scope.pricings(), inArray(pricings.id, [...ids]))).orderBy(
    asc(vendors.code),
    asc(items.catalogueCode),
    asc(pricings.effectiveFrom),
    asc(pricings.id),
  );
}

/** Every price of the scope in batches by id, for the e-mailed download. */
export function allPricingsInBatches(scope: Scope, batchSize = 5000) {
  return keysetBatches(
    0,
    (after) =>
      pricingsFrom(and(scope.pricings(), gt(pricings.id, after)))
        .orderBy(asc(pricings.id))
        .limit(batchSize),
    (row) => row.id,
  );
}

export type PricingRow = Awaited<ReturnType<typeof pricingsByIds>>[number];

/** GET /pricing/item's answer, as the pricing screen reads it (no dates as Date: they are yyyy-mm-dd text). */
export type PricingsAnswer = Awaited<ReturnType<typeof listPricings>>;

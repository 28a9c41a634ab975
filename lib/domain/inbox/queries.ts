import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { db } from '../../../db/client';
import { inboxCounts, subsidiaries, xdocs, type InboxCountedList } from '../../../db/schema';
import type { Scope } from '../../auth/scope';
import { NEWEST_FIRST, summariesPageJson, type XdocListRow } from '../documents/summary';
import { JsonText } from '../json-text';
import { cappedCountSql } from '../documents/capped-count';
import { cappedResultPager, offsetOf, resultPager, type ResultPager } from '../paging';
import { docnoContains, SEARCH_TOTAL_CAP } from './docno-search';
import { orderBySql, type SortColumns } from '../sorting';
import type { InboxFilter, InboxSortKey, ReturnOrderFilter } from './schemas';

export type InboxPage = { xdocs: XdocListRow[]; resultPager: ResultPager };
export type RemittancePage = { resultPager: ResultPager; xdocs: { xdoc: XdocListRow[] } };

/*
 * The base conditions are literal SQL (not bound parameters) on purpose: the planner can only use the
 * partial indexes xdocs_inbox_open_purchase_idx, _open_return_idx, _responded_return_idx and the
 * unread lists' (xdocs_inbox_unread_by_<column>_idx) when the query's predicate visibly implies the index
 * predicate, and a parameter ($1) never does under a generic plan.
 */
const OPEN_ORDER = sql`${xdocs.xdocTypeCode} = 'order' and ${xdocs.respondedAt} is null`;
const NOT_RETURN = sql`${xdocs.xdocSubTypeCode} is distinct from 'return'`;
const IS_RETURN = sql`${xdocs.xdocSubTypeCode} = 'return'`;
const RESPONDED_RETURN = sql`${xdocs.xdocTypeCode} = 'order' and ${xdocs.xdocSubTypeCode} = 'return' and ${xdocs.respondedAt} is not null`;
/** Invoices tab: confirmed or partly confirmed orders whose invoicing (or crediting) is not closed; invoicing_list_of in migration 0011. */
const INVOICING_OPEN = sql`${xdocs.invoicingClosedAt} is null and ${xdocs.wfStatusCode} in ('confirmed', 'mixed')`;
const TO_INVOICE = sql`${xdocs.xdocTypeCode} = 'order' and ${xdocs.respondedAt} is not null and ${INVOICING_OPEN} and ${NOT_RETURN}`;
const unreadOf = (type: 'deliverynote' | 'dispute' | 'remittance') =>
  sql`${xdocs.xdocTypeCode} = ${sql.raw(`'${type}'`)} and ${xdocs.isRead} = false`;

/** What a list can be sorted by (INBOX_SORT_KEYS); each has an index per list led by vendor (migration 0008). */
const SORT_COLUMNS: SortColumns<InboxSortKey> = {
  docno: xdocs.docno,
  docDate: xdocs.docDate,
  deliveryDate: xdocs.deliveryDate,
  xdocTotalIncl: xdocs.xdocTotalIncl,
};

/**
 * The filters other than vendor (the scope's part, see scopeOf) and store (which the counters also cover).
 * `vendorIds`: the vendors the list reads (listVendors), which the part-number search narrows by.
 */
function filterConditions(f: InboxFilter, vendorIds: readonly number[] | null): (SQL | undefined)[] {
  return [
    f.xdocTypeSubCode ? eq(xdocs.xdocSubTypeCode, f.xdocTypeSubCode) : undefined,
    f.orderType ? eq(xdocs.orderType, f.orderType) : undefined,
    f.wfStatusCode ? eq(xdocs.wfStatusCode, f.wfStatusCode) : undefined,
    f.docno ? docnoContains(f.docno, vendorIds) : undefined,
    f.deliveryDateFrom ? gte(xdocs.deliveryDate, f.deliveryDateFrom) : undefined,
    f.deliveryDateTo ? lte(xdocs.deliveryDate, f.deliveryDateTo) : undefined,
    f.fromDate ? gte(xdocs.docDate, f.fromDate) : undefined,
    f.toDate ? lte(xdocs.docDate, f.toDate) : undefined,
    f.dateFrom ? gte(xdocs.docDate, f.dateFrom) : undefined,
    f.dateTo ? lte(xdocs.docDate, f.dateTo) : undefined,
    f.custaccountTinyMce
      ? inArray(
          xdocs.subsidiaryId,
          db.select({ id: subsidiaries.id }).from(subsidiaries).where(eq(subsidiaries.tinyMce, f.custaccountTinyMce)),
        )
      : undefined,
    f.region !== undefined ? eq(xdocs.regionId, f.region) : undefined,
  ];
}

/**
 * One page with an exact total, as JSON text built by PostgreSQL (summariesPageJson): the page's ids
 * come off an index (an index-only scan for most filters) with the total beside them as an
 * uncorrelated scalar subquery, computed once: for an unfiltered or store-filtered list a sum of the
 * trigger-kept counters, otherwise count(*) under the same conditions. (Not a window count: beside a
 * small LIMIT it can steer the planner into reading every match in date order.) A page past the end
 * has no row to carry the total and counts on its own. `wrap` places the rows in the list's answer.
 */
type ListDef = { base: SQL[]; counted?: InboxCountedList };

/** The inbox lists: their base conditions and, where kept, their trigger-kept counter. */
export const INBOX_LISTS = {
  open_purchase: { base: [OPEN_ORDER, NOT_RETURN], counted: 'open_purchase' },
  open_return: { base: [OPEN_ORDER, IS_RETURN], counted: 'open_return' },
  // toCredit: return orders answered and not yet credited (or dismissed).
  responded_return: { base: [RESPONDED_RETURN, INVOICING_OPEN], counted: 'to_credit' },
  to_invoice: { base: [TO_INVOICE], counted: 'to_invoice' },
  unread_deliverynote: { base: [unreadOf('deliverynote')], counted: 'unread_deliverynote' },
  unread_dispute: { base: [unreadOf('dispute')], counted: 'unread_dispute' },
  unread_remittance: { base: [unreadOf('remittance')], counted: 'unread_remittance' },
} as const satisfies Record<string, ListDef>;
export type InboxListName = keyof typeof INBOX_LISTS;

/** The documents the list may show: the scope's, or with a vendor filter the scope's documents of that vendor. */
const scopeOf = (scope: Scope, filter: InboxFilter): SQL =>
  filter.vendor !== undefined ? scope.documentsOfVendor(filter.vendor) : scope.documents();

/** The vendors whose documents the list reads: the vendor filter's, else the scope's (null: not by vendor). */
const listVendors = (scope: Scope, filter: InboxFilter): readonly number[] | null =>
  filter.vendor !== undefined ? [filter.vendor] : scope.vendorIds;

function listWhere(scopeCondition: SQL, vendorIds: readonly number[] | null, list: InboxListName, filter: InboxFilter): SQL {
  const atStore = filter.store !== undefined ? eq(xdocs.storeId, filter.store) : undefined;
  return and(scopeCondition, ...INBOX_LISTS[list].base, atStore, ...filterConditions(filter, vendorIds)) ?? sql`true`;
}

/** The select of one page's ids with the list's total beside them (see listPage). */
export function inboxPageQuery(scope: Scope, list: InboxListName, filter: InboxFilter): SQL {
  const def: ListDef = INBOX_LISTS[list];
  const where = listWhere(scopeOf(scope, filter), listVendors(scope, filter), list, filter);
  const counted = def.counted && countersCover(filter) ? countedTotalSql(scope, def.counted, filter) : null;
  const total = counted ?? totalSql(where, filter);
  const order = orderBySql(filter, SORT_COLUMNS, { tiebreak: xdocs.id, defaultOrder: NEWEST_FIRST });
  const rows = filter.sort ? sortedRows(scope, list, filter, SORT_COLUMNS[filter.sort], order) : null;
  // `results` is a validated whole number; as a literal it steers the page's plan (see summariesPageJson).
  const limit = sql`limit ${sql.raw(String(filter.results))} offset ${offsetOf(filter.page, filter.results)}`;
  return rows
    ? sql`select ${xdocs.id} as id, ${total} as total from (${rows}) as ${xdocs} order by ${order} ${limit}`
    : sql`select ${xdocs.id} as id, ${total} as total from ${xdocs} where ${where} order by ${order} ${limit}`;
}

/**
 * A sorted list of a supplier with several vendors, as one branch per vendor (each the scope's documents
 * of that vendor, scope.documentsOfVendor), each in the list's order: a branch reads its vendor's index
 * for the list and column (vendor, column, id) in order, PostgreSQL merges the branches (Merge Append)
 * and stops after the page. One condition over all the vendors could only read that index vendor by
 * vendor and sort everything they have. Each branch needs its own ORDER BY: a branch with a WHERE is
 * planned as a subquery of its own, which offers its rows in order only when asked to. The branches
 * select the sort column under its own name and the whole is named xdocs, so the same ORDER BY applies
 * to the merge. Null when one statement does (one vendor, or a vendor filter).
 */
function sortedRows(scope: Scope, list: InboxListName, filter: InboxFilter, column: PgColumn | SQL, order: SQL): SQL | null {
  const vendorIds = scope.vendorIds;
  if (filter.vendor !== undefined || vendorIds === null || vendorIds.length < 2) return null;
  const branches = vendorIds.map(
    (vendorId) =>
      sql`(select ${xdocs.id}, ${column} from ${xdocs} where ${listWhere(scope.documentsOfVendor(vendorId), [vendorId], list, filter)} order by ${order})`,
  );
  return sql.join(branches, sql` union all `);
}

/** A docno search is planned for its text: no one plan suits a fragment in ten numbers and one in all of them. */
export const plannedForValues = (filter: InboxFilter): boolean => Boolean(filter.docno);

async function listPage<T>(scope: Scope, list: InboxListName, filter: InboxFilter, wrap: (rows: string, pager: string) => T): Promise<T> {
  const found = await summariesPageJson(inboxPageQuery(scope, list, filter), { plannedForValues: plannedForValues(filter) });
  const where = listWhere(scopeOf(scope, filter), listVendors(scope, filter), list, filter);
  const totalResults = found.total ?? (filter.page > 1 ? await countWhere(totalSql(where, filter)) : 0);
  const pager = filter.docno
    ? cappedResultPager(filter.results, filter.page, totalResults, SEARCH_TOTAL_CAP)
    : resultPager(filter.results, filter.page, totalResults);
  return wrap(found.json, JSON.stringify(pager));
}

const asInboxPage = (rows: string, pager: string) => new JsonText<InboxPage>(`{"xdocs":${rows},"resultPager":${pager}}`);

/** The counters are kept per vendor, list and store: they answer a list with no filter but the vendor and the store. */
function countersCover(filter: InboxFilter): boolean {
  return filterConditions(filter, null).every((c) => c === undefined);
}

/** A list's exact total from the trigger-kept counters; null when they do not cover the actor's scope. */
function countedTotalSql(scope: Scope, list: InboxCountedList, { store, vendor }: InboxFilter): SQL | null {
  const visible = scope.inboxCounts();
  if (visible === null) return null;
  const atStore = store === undefined ? undefined : eq(inboxCounts.storeId, store);
  const ofVendor = vendor === undefined ? undefined : eq(inboxCounts.vendorId, vendor);
  return sql`(select coalesce(sum(${inboxCounts.total}), 0)::int from ${inboxCounts} where ${and(eq(inboxCounts.list, list), visible, ofVendor, atStore)})`;
}

const countSql = (where: SQL) => sql`(select count(*)::int from ${xdocs} where ${where})`;

/** A list's total counted from its documents: a part-number search only up to its cap (a fragment may be in every number). */
const totalSql = (where: SQL, filter: InboxFilter) => (filter.docno ? cappedCountSql(where, SEARCH_TOTAL_CAP) : countSql(where));

async function countWhere(count: SQL): Promise<number> {
  const { rows } = await db.execute<{ total: number }>(sql`select ${count} as total`);
  return rows[0]?.total ?? 0;
}

/** GET /orders: open purchase orders (every sub type but return), not yet responded to. */
export function listOpenOrders(scope: Scope, filter: InboxFilter): Promise<JsonText<InboxPage>> {
  return listPage(scope, 'open_purchase', filter, asInboxPage);
}

/** GET /orders/uninvoiced: the Invoices tab's toInvoice view. */
export function listUninvoicedOrders(scope: Scope, filter: InboxFilter): Promise<JsonText<InboxPage>> {
  return listPage(scope, 'to_invoice', filter, asInboxPage);
}

/** GET /orders/returned: open return orders, or with responded=true those answered and not yet credited (toCredit). */
export function listReturnOrders(scope: Scope, { responded, ...filter }: ReturnOrderFilter): Promise<JsonText<InboxPage>> {
  return listPage(scope, responded ? 'responded_return' : 'open_return', filter, asInboxPage);
}

/** GET /delivery-notes: unread proof-of-delivery documents. */
export function listUnreadDeliveryNotes(scope: Scope, filter: InboxFilter): Promise<JsonText<InboxPage>> {
  return listPage(scope, 'unread_deliverynote', filter, asInboxPage);
}

/** GET /disputes: unread disputes. */
export function listUnreadDisputes(scope: Scope, filter: InboxFilter): Promise<JsonText<InboxPage>> {
  return listPage(scope, 'unread_dispute', filter, asInboxPage);
}

/** GET /remittance-advices: unread remittances; spec §7 nests this list as xdocs.xdoc. */
export function listUnreadRemittances(scope: Scope, filter: InboxFilter): Promise<JsonText<RemittancePage>> {
  return listPage(
    scope,
    'unread_remittance',
    filter,
    (rows, pager) => new JsonText<RemittancePage>(`{"resultPager":${pager},"xdocs":{"xdoc":${rows}}}`),
  );
}

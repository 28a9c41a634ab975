import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { db } from '../../../db/client';
import { inboxCounts, subsidiaries, xdocs, type InboxCountedList } from '../../../db/schema';
import type { Scope } from '../../auth/scope';
import { NEWEST_FIRST, summariesPageJson, type XdocListRow } from '../documents/summary';
import { JsonText } from '../json-text';
import { offsetOf, resultPager, type ResultPager } from '../paging';
import type { InboxFilter, ReturnOrderFilter } from './schemas';
import { escapeLike } from '../query-text';

export type InboxPage = { xdocs: XdocListRow[]; resultPager: ResultPager };
export type RemittancePage = { resultPager: ResultPager; xdocs: { xdoc: XdocListRow[] } };

/*
 * The base conditions are literal SQL (not bound parameters) on purpose: the planner can only use the
 * partial indexes xdocs_inbox_open_purchase_idx, _open_return_idx, _responded_return_idx and
 * xdocs_inbox_unread_idx when the query's predicate visibly implies the index predicate, and a
 * parameter ($1) never does under a generic plan.
 */
const OPEN_ORDER = sql`${xdocs.xdocTypeCode} = 'order' and ${xdocs.respondedAt} is null`;
const NOT_RETURN = sql`${xdocs.xdocSubTypeCode} is distinct from 'return'`;
const IS_RETURN = sql`${xdocs.xdocSubTypeCode} = 'return'`;
const RESPONDED_RETURN = sql`${xdocs.xdocTypeCode} = 'order' and ${xdocs.xdocSubTypeCode} = 'return' and ${xdocs.respondedAt} is not null`;
const unreadOf = (type: 'deliverynote' | 'dispute' | 'remittance') =>
  sql`${xdocs.xdocTypeCode} = ${sql.raw(`'${type}'`)} and ${xdocs.isRead} = false`;

function filterConditions(f: InboxFilter): (SQL | undefined)[] {
  return [
    f.store !== undefined ? eq(xdocs.storeId, f.store) : undefined,
    f.xdocTypeSubCode ? eq(xdocs.xdocSubTypeCode, f.xdocTypeSubCode) : undefined,
    f.orderType ? eq(xdocs.orderType, f.orderType) : undefined,
    // A prefix match also finds the exact number; users type the start of a document number.
    // Written as lower() like so it can use xdocs_docno_lower_idx (text_pattern_ops); ilike cannot.
    f.docno ? sql`lower(${xdocs.docno}) like ${`${escapeLike(f.docno.toLowerCase())}%`}` : undefined,
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
  responded_return: { base: [RESPONDED_RETURN] },
  unread_deliverynote: { base: [unreadOf('deliverynote')], counted: 'unread_deliverynote' },
  unread_dispute: { base: [unreadOf('dispute')], counted: 'unread_dispute' },
  unread_remittance: { base: [unreadOf('remittance')], counted: 'unread_remittance' },
} as const satisfies Record<string, ListDef>;
export type InboxListName = keyof typeof INBOX_LISTS;

function listWhere(scope: Scope, list: InboxListName, filter: InboxFilter): SQL {
  return and(scope.documents(), ...INBOX_LISTS[list].base, ...filterConditions(filter)) ?? sql`true`;
}

/** The select of one page's ids with the list's total beside them (see listPage). */
export function inboxPageQuery(scope: Scope, list: InboxListName, filter: InboxFilter): SQL {
  const def: ListDef = INBOX_LISTS[list];
  const where = listWhere(scope, list, filter);
  const total = (def.counted && countersCover(filter) ? countedTotalSql(scope, def.counted, filter.store) : null) ?? countSql(where);
  // `results` is a validated whole number; as a literal it steers the page's plan (see summariesPageJson).
  return sql`select ${xdocs.id} as id, ${total} as total from ${xdocs} where ${where} order by ${NEWEST_FIRST} limit ${sql.raw(String(filter.results))} offset ${offsetOf(filter.page, filter.results)}`;
}

async function listPage<T>(scope: Scope, list: InboxListName, filter: InboxFilter, wrap: (rows: string, pager: string) => T): Promise<T> {
  const found = await summariesPageJson(inboxPageQuery(scope, list, filter));
  const totalResults = found.total ?? (filter.page > 1 ? await countWhere(listWhere(scope, list, filter)) : 0);
  return wrap(found.json, JSON.stringify(resultPager(filter.results, filter.page, totalResults)));
}

const asInboxPage = (rows: string, pager: string) => new JsonText<InboxPage>(`{"xdocs":${rows},"resultPager":${pager}}`);

/** The counters are kept per vendor, list and store: they answer a list with no filter but the store. */
function countersCover(filter: InboxFilter): boolean {
  return filterConditions({ ...filter, store: undefined }).every((c) => c === undefined);
}

/** A list's exact total from the trigger-kept counters; null when they do not cover the actor's scope. */
function countedTotalSql(scope: Scope, list: InboxCountedList, store: number | undefined): SQL | null {
  const visible = scope.inboxCounts();
  if (visible === null) return null;
  const atStore = store === undefined ? undefined : eq(inboxCounts.storeId, store);
  return sql`(select coalesce(sum(${inboxCounts.total}), 0)::int from ${inboxCounts} where ${and(eq(inboxCounts.list, list), visible, atStore)})`;
}

const countSql = (where: SQL) => sql`(select count(*)::int from ${xdocs} where ${where})`;

async function countWhere(where: SQL): Promise<number> {
  const { rows } = await db.execute<{ total: number }>(sql`select ${countSql(where)} as total`);
  return rows[0]?.total ?? 0;
}

/** GET /orders: open purchase orders (every sub type but return), not yet responded to. */
export function listOpenOrders(scope: Scope, filter: InboxFilter): Promise<JsonText<InboxPage>> {
  return listPage(scope, 'open_purchase', filter, asInboxPage);
}

/** GET /orders/returned: open return orders, or with responded=true those already answered. */
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

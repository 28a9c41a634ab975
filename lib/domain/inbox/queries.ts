import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { db } from '../../../db/client';
import { subsidiaries, xdocs } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { documentsVisibleTo } from '../../auth/scope';
import { selectSummaries, toSummary, type XdocSummary } from '../documents/summary';
import type { InboxFilter, ReturnOrderFilter } from './schemas';

/** Spec §3 result pager. */
export type ResultPager = { results: number; resultPage: number; totalPages: number; totalResults: number };
export type InboxPage = { xdocs: XdocSummary[]; resultPager: ResultPager };

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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

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
      ? inArray(xdocs.subsidiaryId, db.select({ id: subsidiaries.id }).from(subsidiaries).where(eq(subsidiaries.tinyMce, f.custaccountTinyMce)))
      : undefined,
    f.region !== undefined ? eq(xdocs.regionId, f.region) : undefined,
  ];
}

/*
 * Newest first. NULLS LAST matches the indexes as drizzle-kit writes them (both columns are not null,
 * so the order is the same), which lets a single vendor's page be read straight off the index.
 */
const NEWEST_FIRST = [sql`${xdocs.docDate} desc nulls last`, sql`${xdocs.id} desc nulls last`];

/**
 * One page with an exact total (count(*) under the same conditions). The page's ids are chosen first
 * (an index-only scan for most filters), then only those rows are joined for their summary fields.
 */
async function listPage(actor: Actor, base: SQL[], filter: InboxFilter): Promise<InboxPage> {
  const visible = documentsVisibleTo(actor);
  const where = and(visible, ...base, ...filterConditions(filter));
  const { results, page } = filter;
  const offset = (page - 1) * results;
  const pageIds = db.select({ id: xdocs.id }).from(xdocs).where(where).orderBy(...NEWEST_FIRST).limit(results).offset(offset);
  const rows = await selectSummaries(db).where(and(inArray(xdocs.id, pageIds), visible)).orderBy(...NEWEST_FIRST);
  // A short, non-empty page already tells the total; only a full or past-the-end page needs the count.
  const knownTotal = rows.length > 0 && rows.length < results ? offset + rows.length : undefined;
  const totalResults = knownTotal ?? (await countWhere(where));
  return {
    xdocs: rows.map(toSummary),
    resultPager: { results, resultPage: page, totalPages: Math.ceil(totalResults / results), totalResults },
  };
}

async function countWhere(where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(xdocs).where(where);
  return row?.total ?? 0;
}

/** GET /orders: open purchase orders (every sub type but return), not yet responded to. */
export function listOpenOrders(actor: Actor, filter: InboxFilter): Promise<InboxPage> {
  return listPage(actor, [OPEN_ORDER, NOT_RETURN], filter);
}

/** GET /orders/returned: open return orders, or with responded=true those already answered. */
export function listReturnOrders(actor: Actor, { responded, ...filter }: ReturnOrderFilter): Promise<InboxPage> {
  return listPage(actor, responded ? [RESPONDED_RETURN] : [OPEN_ORDER, IS_RETURN], filter);
}

/** GET /delivery-notes: unread proof-of-delivery documents. */
export function listUnreadDeliveryNotes(actor: Actor, filter: InboxFilter): Promise<InboxPage> {
  return listPage(actor, [unreadOf('deliverynote')], filter);
}

/** GET /disputes: unread disputes. */
export function listUnreadDisputes(actor: Actor, filter: InboxFilter): Promise<InboxPage> {
  return listPage(actor, [unreadOf('dispute')], filter);
}

/** GET /remittance-advices: unread remittances; spec §7 nests this list as xdocs.xdoc. */
export async function listUnreadRemittances(actor: Actor, filter: InboxFilter): Promise<{ resultPager: ResultPager; xdocs: { xdoc: XdocSummary[] } }> {
  const { xdocs: rows, resultPager } = await listPage(actor, [unreadOf('remittance')], filter);
  return { resultPager, xdocs: { xdoc: rows } };
}

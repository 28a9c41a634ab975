import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { db, queryPlannedForValues } from '../../../db/client';
import { historyDayCounts, subsidiaries, vendors, xdocs } from '../../../db/schema';
import type { Scope } from '../../auth/scope';
import { NEWEST_FIRST, summariesPageJson, type XdocListRow } from '../documents/summary';
import { JsonText } from '../json-text';
import { cappedResultPager, offsetOf, resultPager, type ResultPager } from '../paging';
import { byHistoryType, bySubsidiary, inIds } from './conditions';
import { historyTotal, type HistoryTotal } from './totals';
import { orderBySql, type SortColumns } from '../sorting';
import type { HistoryFilter, HistoryReportFilter, HistorySortKey } from './schemas';

export type HistoryPage = { xdocs: XdocListRow[]; resultPager: ResultPager };

const SORT_COLUMNS: SortColumns<HistorySortKey> = {
  docno: xdocs.docno,
  docDate: xdocs.docDate,
  deliveryDate: xdocs.deliveryDate,
  xdocTypeCode: xdocs.xdocTypeCode,
  wfStatusCode: xdocs.wfStatusCode,
  xdocTotalIncl: xdocs.xdocTotalIncl,
};

export const historyOrder = (filter: Pick<HistoryFilter, 'sort' | 'direction'>): SQL =>
  orderBySql(filter, SORT_COLUMNS, { tiebreak: xdocs.id, defaultOrder: NEWEST_FIRST });

/**
 * Codes and tinyMces are turned into ids before the search, so the search itself compares indexed
 * id columns with values its plan can see (a sub-select's result is unknown when the plan is made).
 * An unknown code matches nothing rather than being ignored.
 */
async function resolvedIds(filter: HistoryReportFilter): Promise<{ vendorIds?: number[]; custaccountId?: number | null }> {
  const [vendorRows, custaccount] = await Promise.all([
    filter.vendorCode?.length
      ? db.select({ id: vendors.id }).from(vendors).where(inArray(vendors.code, filter.vendorCode))
      : Promise.resolve(undefined),
    filter.custaccountTinyMce
      ? db.select({ id: subsidiaries.id }).from(subsidiaries).where(eq(subsidiaries.tinyMce, filter.custaccountTinyMce))
      : Promise.resolve(undefined),
  ]);
  return { vendorIds: vendorRows?.map((v) => v.id), custaccountId: custaccount ? (custaccount[0]?.id ?? null) : undefined };
}

type Resolved = Awaited<ReturnType<typeof resolvedIds>>;

/** Whether the filter asks for nothing the day counters (history_day_counts) leave out: store, region, division, dates. */
const countersHold = (filter: HistoryReportFilter) =>
  filter.store === undefined && filter.region === undefined && filter.division === undefined && !filter.fromDate && !filter.toDate;

function documentsWhere(scope: Scope, filter: HistoryReportFilter, { vendorIds, custaccountId }: Resolved): SQL {
  return (
    and(
      scope.documents(),
      byHistoryType(filter.xdocTypeCode),
      filter.wfStatusCode ? eq(xdocs.wfStatusCode, filter.wfStatusCode) : undefined,
      filter.store !== undefined ? eq(xdocs.storeId, filter.store) : undefined,
      ...bySubsidiary(xdocs.subsidiaryId, filter, custaccountId),
      inIds(xdocs.vendorId, vendorIds),
      filter.region !== undefined ? eq(xdocs.regionId, filter.region) : undefined,
      filter.division !== undefined ? eq(xdocs.divisionId, filter.division) : undefined,
      filter.fromDate ? gte(xdocs.docDate, filter.fromDate) : undefined,
      filter.toDate ? lte(xdocs.docDate, filter.toDate) : undefined,
    ) ?? sql`true`
  );
}

/**
 * The day counter rows (history_day_counts: day × subsidiary) holding exactly what the search finds,
 * when it is in the default order and filtered by nothing but the subsidiary; else null.
 */
function countedDays(scope: Scope, filter: HistoryFilter, { vendorIds, custaccountId }: Resolved): SQL | null {
  const scoped = scope.historyDayCounts();
  const onlySubsidiary = !filter.sort && !filter.xdocTypeCode && !filter.wfStatusCode && vendorIds === undefined && countersHold(filter);
  if (!scoped || !onlySubsidiary) return null;
  return and(scoped, ...bySubsidiary(historyDayCounts.subsidiaryId, filter, custaccountId)) ?? sql`true`;
}

/**
 * From this offset on, a page in the default order starts at the day its offset falls in: below it,
 * stepping over the newer documents in the index costs less than summing the day counters.
 */
export const DEEP_PAGE_OFFSET = 5000;

/**
 * A history search's scoped conditions and the SQL of its total: exact from the counters where they hold
 * the filter, else counted up to `cap` (historyTotal).
 */
export async function historySearch(
  scope: Scope,
  filter: HistoryReportFilter,
  { cap }: { cap?: number } = {},
): Promise<{ where: SQL; resolved: Resolved } & HistoryTotal> {
  const resolved = await resolvedIds(filter);
  const where = documentsWhere(scope, filter, resolved);
  return { where, resolved, ...historyTotal(scope, filter, resolved, where, cap) };
}

/** How many documents a search finds, up to its cap (the report decides from it whether to stream or e-mail). */
export async function countHistory(total: SQL): Promise<number> {
  const [row] = await queryPlannedForValues<{ total: number }>(sql`select ${total} as total`);
  return row?.total ?? 0;
}

/**
 * The page's ids with the exact total, in one statement (its plan is what bench/history.ts shows). A
 * deep page in the default order that the day counters cover starts at the day holding its offset (the
 * newest day whose newer documents number at most the offset) and skips only the rest: the same rows,
 * without stepping over hundreds of thousands of index entries. `deepFrom` is DEEP_PAGE_OFFSET but for
 * the test that compares both ways on a small database.
 */
export async function historyPageStatement(
  scope: Scope,
  filter: HistoryFilter,
  { deepFrom = DEEP_PAGE_OFFSET }: { deepFrom?: number } = {},
): Promise<{ page: SQL } & HistoryTotal> {
  const { where, total, capped, resolved } = await historySearch(scope, filter);
  const offset = offsetOf(filter.page, filter.results);
  const limit = sql.raw(String(filter.results));
  const days = offset >= deepFrom ? countedDays(scope, filter, resolved) : null;
  if (!days)
    return {
      page: sql`select ${xdocs.id} as id, ${total} as total from ${xdocs} where ${where} order by ${historyOrder(filter)} limit ${limit} offset ${offset}`,
      total,
      capped,
    };
  const anchor = sql`select doc_date, newer from (
      select doc_date, (sum(n) over (order by doc_date desc) - n)::bigint as newer
      from (select ${historyDayCounts.docDate} as doc_date, sum(${historyDayCounts.total}) as n
            from ${historyDayCounts} where ${days} group by ${historyDayCounts.docDate}) per_day
    ) running where newer <= ${offset} order by doc_date limit 1`;
  return {
    page: sql`with anchor as (${anchor})
      select ${xdocs.id} as id, ${total} as total from ${xdocs}
      where ${where} and ${xdocs.docDate} <= (select doc_date from anchor)
      order by ${historyOrder(filter)} limit ${limit} offset (select ${offset} - newer from anchor)`,
    total,
    capped,
  };
}

/**
 * GET /history/documents: one page and the exact total in one statement, as JSON text built by
 * PostgreSQL (summariesPageJson), planned for its values: history filters combine freely, and the best
 * index for a store differs from the best for a date range, which one generic plan cannot serve.
 */
export async function listHistoryDocuments(scope: Scope, filter: HistoryFilter): Promise<JsonText<HistoryPage>> {
  const { page, total, capped } = await historyPageStatement(scope, filter);
  const found = await summariesPageJson(page, { plannedForValues: true });
  const totalResults = found.total ?? (filter.page > 1 ? await countHistory(total) : 0);
  const pager = JSON.stringify(
    capped === null
      ? resultPager(filter.results, filter.page, totalResults)
      : cappedResultPager(filter.results, filter.page, totalResults, capped),
  );
  return new JsonText<HistoryPage>(`{"xdocs":${found.json},"resultPager":${pager}}`);
}

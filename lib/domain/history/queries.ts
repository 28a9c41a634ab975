import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { db, queryPlannedForValues } from '../../../db/client';
import { historyCounts, subsidiaries, vendors, xdocs } from '../../../db/schema';
import type { Scope } from '../../auth/scope';
import { NEWEST_FIRST, summariesPageJson, type XdocListRow } from '../documents/summary';
import { JsonText } from '../json-text';
import { offsetOf, resultPager, type ResultPager } from '../paging';
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
const NOTHING = sql`false`;

/** A filter by ids: none given (undefined) is no condition, an empty list (unknown codes) matches nothing. */
const inIds = (column: PgColumn, ids: number[] | undefined) =>
  ids === undefined ? undefined : ids.length ? inArray(column, ids) : NOTHING;

function documentsWhere(scope: Scope, filter: HistoryReportFilter, { vendorIds, custaccountId }: Resolved): SQL {
  return (
    and(
      scope.documents(),
      filter.xdocTypeCode ? eq(xdocs.xdocTypeCode, filter.xdocTypeCode) : undefined,
      filter.wfStatusCode ? eq(xdocs.wfStatusCode, filter.wfStatusCode) : undefined,
      filter.store !== undefined ? eq(xdocs.storeId, filter.store) : undefined,
      filter.subsidiary !== undefined ? eq(xdocs.subsidiaryId, filter.subsidiary) : undefined,
      inIds(xdocs.vendorId, vendorIds),
      filter.region !== undefined ? eq(xdocs.regionId, filter.region) : undefined,
      filter.division !== undefined ? eq(xdocs.divisionId, filter.division) : undefined,
      custaccountId === undefined ? undefined : custaccountId === null ? NOTHING : eq(xdocs.subsidiaryId, custaccountId),
      filter.fromDate ? gte(xdocs.docDate, filter.fromDate) : undefined,
      filter.toDate ? lte(xdocs.docDate, filter.toDate) : undefined,
    ) ?? sql`true`
  );
}

/**
 * The exact total from the trigger-kept counters (history_counts: subsidiary × vendor × type × status),
 * when the filter asks for nothing they do not hold (store, region, division, dates); else null.
 */
function countedTotal(scope: Scope, filter: HistoryReportFilter, { vendorIds, custaccountId }: Resolved): SQL | null {
  const covered =
    filter.store === undefined && filter.region === undefined && filter.division === undefined && !filter.fromDate && !filter.toDate;
  if (!covered) return null;
  const where = and(
    scope.historyCounts(),
    filter.xdocTypeCode ? eq(historyCounts.xdocTypeCode, filter.xdocTypeCode) : undefined,
    filter.wfStatusCode ? eq(historyCounts.wfStatusCode, filter.wfStatusCode) : undefined,
    filter.subsidiary !== undefined ? eq(historyCounts.subsidiaryId, filter.subsidiary) : undefined,
    inIds(historyCounts.vendorId, vendorIds),
    custaccountId === undefined ? undefined : custaccountId === null ? NOTHING : eq(historyCounts.subsidiaryId, custaccountId),
  );
  return sql`(select coalesce(sum(${historyCounts.total}), 0)::int from ${historyCounts} where ${where})`;
}

const countSql = (where: SQL) => sql`(select count(*)::int from ${xdocs} where ${where})`;

/** A history search's scoped conditions and the SQL of its exact total (from the counters where they cover it). */
export async function historySearch(scope: Scope, filter: HistoryReportFilter): Promise<{ where: SQL; total: SQL }> {
  const resolved = await resolvedIds(filter);
  const where = documentsWhere(scope, filter, resolved);
  return { where, total: countedTotal(scope, filter, resolved) ?? countSql(where) };
}

/** How many documents a search finds (the report decides from it whether to stream or e-mail). */
export async function countHistory(total: SQL): Promise<number> {
  const [row] = await queryPlannedForValues<{ total: number }>(sql`select ${total} as total`);
  return row?.total ?? 0;
}

/** The page's ids with the exact total, in one statement (its plan is what bench/history.ts shows). */
export async function historyPageStatement(scope: Scope, filter: HistoryFilter): Promise<{ page: SQL; total: SQL }> {
  const { where, total } = await historySearch(scope, filter);
  const limit = sql`limit ${sql.raw(String(filter.results))} offset ${offsetOf(filter.page, filter.results)}`;
  return {
    page: sql`select ${xdocs.id} as id, ${total} as total from ${xdocs} where ${where} order by ${historyOrder(filter)} ${limit}`,
    total,
  };
}

/**
 * GET /history/documents: one page and the exact total in one statement, as JSON text built by
 * PostgreSQL (summariesPageJson), planned for its values: history filters combine freely, and the best
 * index for a store differs from the best for a date range, which one generic plan cannot serve.
 */
export async function listHistoryDocuments(scope: Scope, filter: HistoryFilter): Promise<JsonText<HistoryPage>> {
  const { page, total } = await historyPageStatement(scope, filter);
  const found = await summariesPageJson(page, { plannedForValues: true });
  const totalResults = found.total ?? (filter.page > 1 ? await countHistory(total) : 0);
  const pager = JSON.stringify(resultPager(filter.results, filter.page, totalResults));
  return new JsonText<HistoryPage>(`{"xdocs":${found.json},"resultPager":${pager}}`);
}

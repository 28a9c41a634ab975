import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { db, queryPlannedForValues } from '../../../db/client';
import { subsidiaries, vendors, xdocs } from '../../../db/schema';
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

/** The scoped conditions of a history search (list, report and e-mailed report share them). */
export async function historyWhere(scope: Scope, filter: HistoryReportFilter): Promise<SQL> {
  const { vendorIds, custaccountId } = await resolvedIds(filter);
  const nothing = sql`false`;
  return (
    and(
      scope.documents(),
      filter.xdocTypeCode ? eq(xdocs.xdocTypeCode, filter.xdocTypeCode) : undefined,
      filter.wfStatusCode ? eq(xdocs.wfStatusCode, filter.wfStatusCode) : undefined,
      filter.store !== undefined ? eq(xdocs.storeId, filter.store) : undefined,
      filter.subsidiary !== undefined ? eq(xdocs.subsidiaryId, filter.subsidiary) : undefined,
      vendorIds ? (vendorIds.length ? inArray(xdocs.vendorId, vendorIds) : nothing) : undefined,
      filter.region !== undefined ? eq(xdocs.regionId, filter.region) : undefined,
      filter.division !== undefined ? eq(xdocs.divisionId, filter.division) : undefined,
      custaccountId === undefined ? undefined : custaccountId === null ? nothing : eq(xdocs.subsidiaryId, custaccountId),
      filter.fromDate ? gte(xdocs.docDate, filter.fromDate) : undefined,
      filter.toDate ? lte(xdocs.docDate, filter.toDate) : undefined,
    ) ?? sql`true`
  );
}

const countSql = (where: SQL) => sql`(select count(*)::int from ${xdocs} where ${where})`;

/** How many documents a search finds (the report decides from it whether to stream or e-mail). */
export async function countHistory(where: SQL): Promise<number> {
  const [row] = await queryPlannedForValues<{ total: number }>(sql`select ${countSql(where)} as total`);
  return row?.total ?? 0;
}

/**
 * GET /history/documents: one page and the exact total in one statement, as JSON text built by
 * PostgreSQL (summariesPageJson), planned for its values: history filters combine freely, and the best
 * index for a store differs from the best for a date range, which one generic plan cannot serve.
 */
export async function listHistoryDocuments(scope: Scope, filter: HistoryFilter): Promise<JsonText<HistoryPage>> {
  const where = await historyWhere(scope, filter);
  const limit = sql`limit ${sql.raw(String(filter.results))} offset ${offsetOf(filter.page, filter.results)}`;
  const page = sql`select ${xdocs.id} as id, ${countSql(where)} as total from ${xdocs} where ${where} order by ${historyOrder(filter)} ${limit}`;
  const found = await summariesPageJson(page, { plannedForValues: true });
  const total = found.total ?? (filter.page > 1 ? await countHistory(where) : 0);
  const pager = JSON.stringify(resultPager(filter.results, filter.page, total));
  return new JsonText<HistoryPage>(`{"xdocs":${found.json},"resultPager":${pager}}`);
}

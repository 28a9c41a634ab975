import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { historyCounts, historyStoreCounts, historyStoreDayCounts, historyTypeDayCounts } from '../../../db/schema';
import type { Scope } from '../../auth/scope';
import { cappedCountSql } from '../documents/capped-count';
import { TOTAL_CAP } from '../paging';
import { bySubsidiary, inIds, type ResolvedIds } from './conditions';
import type { HistoryReportFilter } from './schemas';

/**
 * A history search's total: exact from the trigger-kept counters when one holds every filter asked
 * (`capped` null), else counted from the documents up to `capped` (cappedCountSql), so that no total
 * costs more however many documents match (docs/benchmarks.md, History at 10M).
 */
export type HistoryTotal = { total: SQL; capped: number | null };

/**
 * Which counter holds a filter (db/schema/documents.ts; each small, growing with days and stores, not
 * with documents):
 * - no place (store, region, division) and no dates: history_counts (subsidiary × vendor × type × status);
 * - dates, no place: history_type_day_counts (day × subsidiary × type × status);
 * - a place, no type or status: history_store_day_counts (day × store, with or without dates);
 * - a place with type or status, no dates: history_store_counts (store × type × status).
 * The last three hold no vendor: a vendor filter, or a supplier's scope (by vendor), with a place or
 * dates is counted from the documents, capped; so is a place with type or status and dates.
 */
export function historyTotal(
  scope: Scope,
  filter: HistoryReportFilter,
  resolved: ResolvedIds,
  documentsWhere: SQL,
  cap = TOTAL_CAP,
): HistoryTotal {
  const counted = counterSum(scope, filter, resolved);
  return counted ? { total: counted, capped: null } : { total: cappedCountSql(documentsWhere, cap), capped: cap };
}

const sumOf = (total: PgColumn, table: PgTable, where: SQL | undefined) =>
  sql`(select coalesce(sum(${total}), 0)::int from ${table} where ${where ?? sql`true`})`;

const datesOn = (column: PgColumn, filter: HistoryReportFilter) => [
  filter.fromDate ? gte(column, filter.fromDate) : undefined,
  filter.toDate ? lte(column, filter.toDate) : undefined,
];

/** A store, region or division filter on a counter's columns (0 there is "none", which no filter asks for). */
const placeOn = (filter: HistoryReportFilter, columns: { storeId: PgColumn; regionId: PgColumn; divisionId: PgColumn }) => [
  filter.store !== undefined ? eq(columns.storeId, filter.store) : undefined,
  filter.region !== undefined ? eq(columns.regionId, filter.region) : undefined,
  filter.division !== undefined ? eq(columns.divisionId, filter.division) : undefined,
];

const kindOn = (filter: HistoryReportFilter, columns: { xdocTypeCode: PgColumn; wfStatusCode: PgColumn }) => [
  filter.xdocTypeCode ? eq(columns.xdocTypeCode, filter.xdocTypeCode) : undefined,
  filter.wfStatusCode ? eq(columns.wfStatusCode, filter.wfStatusCode) : undefined,
];

function counterSum(scope: Scope, filter: HistoryReportFilter, { vendorIds, custaccountId }: ResolvedIds): SQL | null {
  const place = filter.store !== undefined || filter.region !== undefined || filter.division !== undefined;
  const dates = Boolean(filter.fromDate || filter.toDate);
  const kind = Boolean(filter.xdocTypeCode || filter.wfStatusCode);
  if (!place && !dates) {
    const where = and(
      scope.historyCounts(),
      ...kindOn(filter, historyCounts),
      ...bySubsidiary(historyCounts.subsidiaryId, filter, custaccountId),
      inIds(historyCounts.vendorId, vendorIds),
    );
    return sumOf(historyCounts.total, historyCounts, where);
  }
  if (vendorIds !== undefined) return null;
  if (!place) {
    const visible = scope.subsidiaryCounters(historyTypeDayCounts.subsidiaryId);
    if (!visible) return null;
    const t = historyTypeDayCounts;
    const where = and(visible, ...kindOn(filter, t), ...bySubsidiary(t.subsidiaryId, filter, custaccountId), ...datesOn(t.docDate, filter));
    return sumOf(t.total, t, where);
  }
  if (!kind) {
    const t = historyStoreDayCounts;
    const visible = scope.subsidiaryCounters(t.subsidiaryId);
    if (!visible) return null;
    const where = and(
      visible,
      ...placeOn(filter, t),
      ...bySubsidiary(t.subsidiaryId, filter, custaccountId),
      ...datesOn(t.docDate, filter),
    );
    return sumOf(t.total, t, where);
  }
  if (!dates) {
    const t = historyStoreCounts;
    const visible = scope.subsidiaryCounters(t.subsidiaryId);
    if (!visible) return null;
    const where = and(visible, ...placeOn(filter, t), ...kindOn(filter, t), ...bySubsidiary(t.subsidiaryId, filter, custaccountId));
    return sumOf(t.total, t, where);
  }
  return null;
}

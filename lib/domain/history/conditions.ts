import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { xdocs } from '../../../db/schema';
import type { HistoryReportFilter, HistoryType } from './schemas';

/** A history filter's codes and tinyMces turned into ids (queries.ts resolvedIds): an unknown one matches nothing. */
export type ResolvedIds = { vendorIds?: number[]; custaccountId?: number | null };

export const NOTHING = sql`false`;

/** A filter by ids: none given (undefined) is no condition, an empty list (unknown codes) matches nothing. */
export const inIds = (column: PgColumn, ids: number[] | undefined) =>
  ids === undefined ? undefined : ids.length ? inArray(column, ids) : NOTHING;

/** The subsidiary filter and the customer account (a subsidiary by its tinyMce; unknown matches nothing) on a subsidiary column. */
export const bySubsidiary = (column: PgColumn, filter: HistoryReportFilter, custaccountId: ResolvedIds['custaccountId']) => [
  filter.subsidiary !== undefined ? eq(column, filter.subsidiary) : undefined,
  custaccountId === undefined ? undefined : custaccountId === null ? NOTHING : eq(column, custaccountId),
];

/**
 * The type filter on the documents: "Credit note" is an invoice of sub-type creditnote, "Invoice" every
 * other invoice, as the counters count them (migration 0023), so a list and its total agree.
 */
export function byHistoryType(type: HistoryType | undefined) {
  if (type === 'creditnote') return and(eq(xdocs.xdocTypeCode, 'invoice'), eq(xdocs.xdocSubTypeCode, 'creditnote'));
  if (type === 'invoice') return and(eq(xdocs.xdocTypeCode, 'invoice'), sql`${xdocs.xdocSubTypeCode} is distinct from 'creditnote'`);
  return type ? eq(xdocs.xdocTypeCode, type) : undefined;
}

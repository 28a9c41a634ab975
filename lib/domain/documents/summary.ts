import { sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { fixedSql, queryPlannedForValues, queryPrepared } from '../../../db/client';
import { stores, subsidiaries, vendors, xdocs } from '../../../db/schema';
import { REASON_LABELS } from '../../vocabulary';

/**
 * The one shape of a document as lists and the detail view show it (spec §3 field names). Every inbox
 * list and GET /xdocs/{tinyMce} select through here so the answers never drift apart.
 */
const toStores = alias(stores, 'to_stores');

const summaryColumns = {
  id: xdocs.id,
  tinyMce: xdocs.tinyMce,
  docno: xdocs.docno,
  orderno: xdocs.orderno,
  xdocTypeCode: xdocs.xdocTypeCode,
  xdocSubTypeCode: xdocs.xdocSubTypeCode,
  xdocTypeDescr: xdocs.xdocTypeDescr,
  xdocDescr: xdocs.xdocDescr,
  orderType: xdocs.orderType,
  wfStatusCode: xdocs.wfStatusCode,
  docDate: xdocs.docDate,
  deliveryDate: xdocs.deliveryDate,
  totValue: xdocs.totValue,
  xdocTotalExcl: xdocs.xdocTotalExcl,
  xdocTaxAmount: xdocs.xdocTaxAmount,
  xdocTotalIncl: xdocs.xdocTotalIncl,
  deliveryMethod: xdocs.deliveryMethod,
  deliveryInstructions: xdocs.deliveryInstructions,
  branchName: stores.name,
  storeCode: stores.code,
  toBranchName: toStores.name,
  custaccountName: subsidiaries.name,
  custaccountTinyMce: subsidiaries.tinyMce,
  partnerCustaccountTinyMce: vendors.tinyMce,
  vendorCode: vendors.code,
  vendorName: vendors.name,
  isRead: xdocs.isRead,
  lineCount: xdocs.lineCount,
  reasonCode: xdocs.reasonCode,
  toFollow: xdocs.toFollow,
  xdocInvoicedate: xdocs.xdocInvoicedate,
  xdocDeliverynoteDate: xdocs.xdocDeliverynoteDate,
  invoiceNumber: xdocs.invoiceNumber,
  deliverynoteNumber: xdocs.deliverynoteNumber,
  respondedAt: xdocs.respondedAt,
};

/** What the screens derive from a row, computed by PostgreSQL beside the columns. */
const derivedColumns = {
  // Spec §3: 'jab' in the description marks a multi-branch order, as does the jab sub type.
  isJab: sql<boolean>`(coalesce(lower(${xdocs.xdocDescr}), '') like '%jab%' or ${xdocs.xdocSubTypeCode} is not distinct from 'jab')`,
  reasonLabel: sql<string | null>`(case upper(trim(${xdocs.reasonCode})) ${sql.join(
    Object.entries(REASON_LABELS).map(([code, label]) => sql.raw(`when '${code}' then '${label}'`)),
    sql` `,
  )} end)`,
};

/*
 * The select list, aliased to the API's names so rows go out as PostgreSQL returns them, without
 * per-field mapping in the web process. Dates come back as their ISO text ('2026-11-21') and timestamps
 * as ISO instants in UTC, what the JSON carries; money (numeric) as exact text, also inside JSON.
 */
function selectItem(name: string, column: Column | SQL): SQL {
  const type = 'columnType' in column ? column.columnType : null;
  const value =
    type === 'PgDateString' || type === 'PgNumeric'
      ? sql`${column}::text`
      : type === 'PgTimestamp'
        ? sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
        : sql`${column}`;
  return sql`${value} as ${sql.identifier(name)}`;
}

const selectList = (columns: Record<string, Column | SQL>) =>
  fixedSql(
    sql.join(
      Object.entries(columns).map(([name, column]) => selectItem(name, column)),
      sql`, `,
    ),
  );

const allColumns = { ...summaryColumns, ...derivedColumns };
const SUMMARY_SELECT = selectList(allColumns);

/**
 * What a row of a list carries: what the list screens show and filter on, and what names the document.
 * The window of one document (GET /xdocs/{tinyMce}) has the whole summary. Fewer fields are less JSON
 * for PostgreSQL to build, the server to compress and the browser to read (47 kB a page of 50 → 31 kB).
 */
export const LIST_ROW_FIELDS = [
  'id',
  'tinyMce',
  'docno',
  'orderno',
  'xdocTypeCode',
  'xdocSubTypeCode',
  'xdocDescr',
  'orderType',
  'wfStatusCode',
  'docDate',
  'deliveryDate',
  'totValue',
  'xdocTotalIncl',
  'branchName',
  'storeCode',
  'custaccountName',
  'custaccountTinyMce',
  'vendorCode',
  'vendorName',
  'lineCount',
  'reasonCode',
  'reasonLabel',
  'isJab',
  'respondedAt',
] as const satisfies readonly (keyof typeof allColumns)[];
const LIST_SELECT = selectList(Object.fromEntries(LIST_ROW_FIELDS.map((field) => [field, allColumns[field]])));
const SUMMARY_FROM = fixedSql(sql`${xdocs}
  join ${subsidiaries} on ${subsidiaries.id} = ${xdocs.subsidiaryId}
  join ${vendors} on ${vendors.id} = ${xdocs.vendorId}
  left join ${stores} on ${stores.id} = ${xdocs.storeId}
  left join ${stores} as ${sql.identifier('to_stores')} on ${toStores.id} = ${xdocs.toStoreId}`);

/** Newest first, the order of every list. */
export const NEWEST_FIRST = fixedSql(sql`${xdocs.docDate} desc nulls last, ${xdocs.id} desc nulls last`);

/**
 * The summaries of documents matching `where` (already scoped by the caller), newest first, through a
 * prepared statement: `where` must be one whose best plan does not depend on its values (by id).
 */
export async function summariesWhere(where: SQL): Promise<XdocSummary[]> {
  return queryPrepared<XdocSummary>(sql`select ${SUMMARY_SELECT} from ${SUMMARY_FROM} where ${where} order by ${NEWEST_FIRST}`);
}

/**
 * One list page in one round trip, as JSON text built by PostgreSQL: `page` selects `id` and `total`
 * (the list's total, the same on every row) of the page's documents, scoped and in list order. Their
 * list rows come back as a JSON array in that order, which the web process passes on without parsing.
 * Prepared with one generic plan like every queryPrepared statement, so `page` must keep its LIMIT a
 * literal: with it the planner picks the index that yields rows already in order and stops early,
 * for whatever the vendors and the offset. `plannedForValues` plans it for its values instead
 * (queryPlannedForValues), for a page whose best plan depends on them (a search text). The total is
 * null when the page is past the end (no row to carry it), which leaves it to the caller.
 */
export async function summariesPageJson(
  page: SQL,
  { plannedForValues = false }: { plannedForValues?: boolean } = {},
): Promise<{ json: string; total: number | null }> {
  const query = summariesPageJsonQuery(page);
  const [row] = await (plannedForValues ? queryPlannedForValues : queryPrepared)<{ json: string; total: number | null }>(query);
  return row;
}

/** The statement summariesPageJson sends (the benchmark runs it through pgbench as its reference). */
export function summariesPageJsonQuery(page: SQL): SQL {
  return sql`with page as (
      select p.id, p.total, row_number() over () as ord from (${page}) p
    )
    select coalesce(json_agg(s order by page.ord), '[]')::text as json, min(page.total) as total
    from page cross join lateral (select ${LIST_SELECT} from ${SUMMARY_FROM} where ${xdocs.id} = page.id) s`;
}

export type XdocSummary = Omit<SelectResultFields<typeof summaryColumns>, 'respondedAt'> &
  SelectResultFields<typeof derivedColumns> & { respondedAt: string | null };

/** A row of a document list (LIST_ROW_FIELDS). */
export type XdocListRow = Pick<XdocSummary, (typeof LIST_ROW_FIELDS)[number]>;

// The words for a document live in lib/vocabulary (plain data, for client components too).
export { documentLabel } from '../../vocabulary';

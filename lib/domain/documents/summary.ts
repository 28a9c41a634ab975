import { sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { fixedSql, queryPrepared } from '../../../db/client';
import { stores, subsidiaries, vendors, xdocs } from '../../../db/schema';

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
  // Distinct line numbers: a multi-branch (jab) order repeats a line per delivery address, but it is
  // still one line to answer. A correlated count is cheap for one page of rows.
  lineCount: sql<number>`(select count(distinct l.line_number)::int from xdoc_lines l where l.xdoc_id = ${xdocs.id})`,
  reasonCode: xdocs.reasonCode,
  toFollow: xdocs.toFollow,
  xdocInvoicedate: xdocs.xdocInvoicedate,
  xdocDeliverynoteDate: xdocs.xdocDeliverynoteDate,
  invoiceNumber: xdocs.invoiceNumber,
  deliverynoteNumber: xdocs.deliverynoteNumber,
  respondedAt: xdocs.respondedAt,
};

/*
 * The select list, aliased to the API's names so rows go out as PostgreSQL returns them, without
 * drizzle's per-field mapping on the hot list path. Dates come back as their ISO text ('2026-11-21')
 * and timestamps as ISO instants in UTC: what the JSON carries. Money (numeric) arrives as exact text.
 */
function selectItem(name: string, column: Column | SQL): SQL {
  const type = 'columnType' in column ? column.columnType : null;
  const value =
    type === 'PgDateString'
      ? sql`${column}::text`
      : type === 'PgTimestamp'
        ? sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
        : sql`${column}`;
  return sql`${value} as ${sql.identifier(name)}`;
}

const SUMMARY_SELECT = fixedSql(
  sql.join(
    Object.entries(summaryColumns).map(([name, column]) => selectItem(name, column)),
    sql`, `,
  ),
);
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
  const rows = await queryPrepared<SummaryRow>(sql`select ${SUMMARY_SELECT} from ${SUMMARY_FROM} where ${where} order by ${NEWEST_FIRST}`);
  return rows.map(toSummary);
}

/**
 * One list page in one round trip: `page` selects `id` and `total` (the list's total, the same on every
 * row) of the page's documents, scoped and ordered; their summaries come back in list order with the
 * total. Prepared with one generic plan like every queryPrepared statement, so `page` must keep its
 * LIMIT a literal: with it the planner picks the index that yields rows already in order and stops
 * early, for whatever the vendors and the offset. The total is null when the page is past the end (no
 * row to carry it), which leaves it to the caller.
 */
export async function summariesOfPage(page: SQL): Promise<{ xdocs: XdocSummary[]; total: number | null }> {
  const rows = await queryPrepared<SummaryRow & { pageTotal?: number }>(sql`with page as (${page})
    select ${SUMMARY_SELECT}, page.total as "pageTotal"
    from page join (${SUMMARY_FROM}) on ${xdocs.id} = page.id
    order by ${NEWEST_FIRST}`);
  const total = rows.length ? rows[0].pageTotal! : null;
  for (const row of rows) delete row.pageTotal;
  return { xdocs: rows.map(toSummary), total };
}

type SummaryRow = Omit<SelectResultFields<typeof summaryColumns>, 'respondedAt'> & { respondedAt: string | null };

export type XdocSummary = SummaryRow & {
  isJab: boolean;
  reasonLabel: string | null;
};

/** Spec §3 reason codes: dispute Q/U/O, discrepancy advice A/B/C (the two sets do not overlap). */
export const REASON_LABELS: Record<string, string> = {
  Q: 'Quantity Overcharge',
  U: 'Quantity Undercharge',
  O: 'Price Overcharge',
  A: 'Quantity difference',
  B: 'Price difference',
  C: 'Quantity and price',
};

/** Spec §3: 'jab' in the description marks a multi-branch order, as does the jab sub type. */
export function isJabDocument(doc: { xdocDescr: string | null; xdocSubTypeCode: string | null }): boolean {
  return (doc.xdocDescr ?? '').toLowerCase().includes('jab') || doc.xdocSubTypeCode === 'jab';
}

/** Adds what the screens derive from a row; in place, as list pages shape fifty of these per request. */
export function toSummary(row: SummaryRow): XdocSummary {
  const summary = row as XdocSummary;
  summary.isJab = isJabDocument(row);
  summary.reasonLabel = REASON_LABELS[row.reasonCode?.trim().toUpperCase() ?? ''] ?? null;
  return summary;
}

/** Words for a document in messages and audit entries, e.g. 'Order', 'Return order', 'Delivery note'. */
export function documentLabel(doc: { xdocTypeCode: string; xdocSubTypeCode: string | null }): string {
  if (doc.xdocTypeCode === 'order') return doc.xdocSubTypeCode === 'return' ? 'Return order' : 'Order';
  if (doc.xdocTypeCode === 'invoice') return doc.xdocSubTypeCode === 'creditnote' ? 'Credit note' : 'Invoice';
  const labels: Record<string, string> = {
    deliverynote: 'Delivery note',
    remittance: 'Remittance advice',
    dispute: 'Dispute',
    'aux.grv': 'Discrepancy advice',
  };
  return labels[doc.xdocTypeCode] ?? 'Document';
}

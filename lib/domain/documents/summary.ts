import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db, type DbOrTx } from '../../../db/client';
import type { Actor } from '../../auth/actor';
import { documentScopeParams, documentsVisibleByPlaceholders } from '../../auth/scope';
import { stores, subsidiaries, vendors, xdocs } from '../../../db/schema';

/**
 * The one select shape of a document as lists and the detail view show it (spec §3 field names).
 * Every inbox list and GET /xdocs/{tinyMce} go through here so the answers never drift apart.
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

/** Starts a select of document summaries; callers add the scoped where, order and page. */
export function selectSummaries(dbx: DbOrTx) {
  return dbx
    .select(summaryColumns)
    .from(xdocs)
    .innerJoin(subsidiaries, eq(subsidiaries.id, xdocs.subsidiaryId))
    .innerJoin(vendors, eq(vendors.id, xdocs.vendorId))
    .leftJoin(stores, eq(stores.id, xdocs.storeId))
    .leftJoin(toStores, eq(toStores.id, xdocs.toStoreId));
}

/*
 * The rows of one list page, by id. A prepared statement: its text never changes, so each pooled
 * connection plans it once instead of on every call (planning this join cost more than running it).
 * The ids come from a scoped query; the scope is applied again here all the same.
 */
const summariesByIdsStatement = selectSummaries(db)
  .where(sql`${xdocs.id} = any(${sql.placeholder('ids')}::bigint[]) and ${documentsVisibleByPlaceholders}`)
  .orderBy(desc(xdocs.docDate), desc(xdocs.id))
  .prepare('xdoc_summaries_by_ids');

export async function summariesByIds(actor: Actor, ids: number[]): Promise<XdocSummary[]> {
  if (!ids.length) return [];
  const rows = await summariesByIdsStatement.execute({ ids, ...documentScopeParams(actor) });
  return rows.map(toSummary);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

export type XdocSummary = Omit<SummaryRow, 'respondedAt'> & {
  isJab: boolean;
  reasonLabel: string | null;
  respondedAt: string | null;
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

export function toSummary(row: SummaryRow): XdocSummary {
  const code = row.reasonCode?.trim().toUpperCase() ?? '';
  return {
    ...row,
    isJab: isJabDocument(row),
    reasonLabel: REASON_LABELS[code] ?? null,
    respondedAt: row.respondedAt ? row.respondedAt.toISOString() : null,
  };
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

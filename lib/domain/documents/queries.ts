import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { db, type DbOrTx } from '../../../db/client';
import { stores, xdocLines, xdocs, type StoredResponse } from '../../../db/schema';
import type { Scope } from '../../auth/scope';
import { NotFoundError } from '../errors';
import { summariesWhere, type XdocSummary } from './summary';
import type { HistoryActionId } from '../history/available-actions';

/**
 * Paths name a document by its tinyMce; the /xdocs/{id}/… paths may also carry the numeric id.
 * A tinyMce that happens to be all digits wins over an id with the same digits.
 */
export function documentKeyCondition(key: string): SQL {
  const byTinyMce = eq(xdocs.tinyMce, key);
  const id = /^\d{1,15}$/.test(key) ? Number(key) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? (or(byTinyMce, eq(xdocs.id, id)) as SQL) : byTinyMce;
}

const keyPreference = (key: string) => sql`(${xdocs.tinyMce} = ${key}) desc`;

export const NOT_FOUND_MESSAGE = 'Document not found.';

/** The raw row of a document the actor may see; missing and out-of-scope both give NotFoundError. */
export async function findVisibleDocument(scope: Scope, key: string, dbx: DbOrTx = db) {
  const [row] = await dbx
    .select()
    .from(xdocs)
    .where(and(documentKeyCondition(key), scope.documents()))
    .orderBy(keyPreference(key))
    .limit(1);
  if (!row) throw new NotFoundError(NOT_FOUND_MESSAGE);
  return row;
}
export type XdocRow = Awaited<ReturnType<typeof findVisibleDocument>>;

export type XdocLine = {
  lineNumber: number;
  catalogueCode: string;
  descr: string | null;
  qty: string;
  originalqty: string;
  qtyDelivered: string | null;
  deliveredQty: string;
  amount: string | null;
  originalamount: string | null;
  taxPercent: string | null;
  taxAmount: string | null;
  response: string | null;
  reason: string | null;
  supplierRef: string | null;
  orderDescr: string | null;
  deliveryAddressCode: string | null;
  branchName: string | null;
  invoiceNumber: string | null;
  amountEditable: boolean;
  taxPercentEditable: boolean;
};

/** The lines of one document the actor may see, with the quantity delivered so far per line. */
export async function documentLines(scope: Scope, xdocId: number, dbx: DbOrTx = db): Promise<XdocLine[]> {
  const rows = await dbx
    .select({
      lineNumber: xdocLines.lineNumber,
      catalogueCode: xdocLines.catalogueCode,
      descr: xdocLines.descr,
      qty: xdocLines.qty,
      originalqty: xdocLines.originalqty,
      qtyDelivered: xdocLines.qtyDelivered,
      // The outer line's columns are named with their table: drizzle writes them unqualified here, which
      // inside the subquery would name d's own columns (every delivered line of the order would count).
      deliveredQty: sql<string | null>`(select sum(d.qty)::text from delivered_lines d
        where d.order_xdoc_id = xdoc_lines.xdoc_id and d.line_number = xdoc_lines.line_number
          and d.delivery_address_code is not distinct from xdoc_lines.delivery_address_code)`,
      amount: xdocLines.amount,
      originalamount: xdocLines.originalamount,
      taxPercent: xdocLines.taxPercent,
      taxAmount: xdocLines.taxAmount,
      response: xdocLines.response,
      reason: xdocLines.reason,
      supplierRef: xdocLines.supplierRef,
      orderDescr: xdocLines.orderDescr,
      deliveryAddressCode: xdocLines.deliveryAddressCode,
      branchName: stores.name,
      invoiceNumber: xdocLines.invoiceNumber,
    })
    .from(xdocLines)
    .innerJoin(xdocs, eq(xdocs.id, xdocLines.xdocId))
    .leftJoin(stores, eq(stores.id, xdocLines.storeId))
    .where(and(eq(xdocLines.xdocId, xdocId), scope.documents()))
    .orderBy(asc(xdocLines.lineNumber), asc(xdocLines.deliveryAddressCode));
  return rows.map((r) => ({
    ...r,
    deliveredQty: r.deliveredQty ?? '0.00',
    // Spec §3: a line whose amount or tax percent is empty lets the supplier fill it in when invoicing.
    amountEditable: r.amount === null,
    taxPercentEditable: r.taxPercent === null,
  }));
}

/** Spec §3: response is a JSON string whose first key, responsetext, holds the header answer. */
export function responseText(stored: StoredResponse | null): string | null {
  if (!stored) return null;
  const { response, ...rest } = stored;
  return JSON.stringify({ responsetext: response, ...rest });
}

export type XdocDetail = XdocSummary & {
  det: XdocLine[];
  response: string | null;
  invoice: { orderno: string; invoiceNo: string } | null;
  /** The stored scan or attachment (GET /xdocs/{id}/scan-pdf, GET /files/{id}/download), if any. */
  scanFileId: number | null;
  /** What the signed-in user may do to it in the history now (lib/domain/history/available-actions.ts). */
  actions: HistoryActionId[];
};

/** The invoice raised against an order (newest first), else the invoice number recorded on the document. */
async function invoiceOf(scope: Scope, doc: XdocRow): Promise<XdocDetail['invoice']> {
  if (doc.xdocTypeCode === 'invoice') return { orderno: doc.orderno ?? '', invoiceNo: doc.invoiceNumber ?? doc.docno };
  const [invoice] = await db
    .select({ docno: xdocs.docno, invoiceNumber: xdocs.invoiceNumber })
    .from(xdocs)
    .where(and(eq(xdocs.xdocTypeCode, 'invoice'), or(eq(xdocs.relatedXdocId, doc.id), eq(xdocs.orderno, doc.docno)), scope.documents()))
    .orderBy(desc(xdocs.docDate), desc(xdocs.id))
    .limit(1);
  const orderno = doc.orderno ?? doc.docno;
  if (invoice) return { orderno, invoiceNo: invoice.invoiceNumber ?? invoice.docno };
  return doc.invoiceNumber ? { orderno, invoiceNo: doc.invoiceNumber } : null;
}

/** The detail of a document already found in scope, with what its reader may do to it. */
export async function documentDetail(scope: Scope, doc: XdocRow, actions: HistoryActionId[]): Promise<{ xdoc: XdocDetail }> {
  const [[summary], det, invoice] = await Promise.all([
    summariesWhere(and(eq(xdocs.id, doc.id), scope.documents())!),
    documentLines(scope, doc.id),
    invoiceOf(scope, doc),
  ]);
  if (!summary) throw new NotFoundError(NOT_FOUND_MESSAGE);
  return { xdoc: { ...summary, det, response: responseText(doc.response), invoice, scanFileId: doc.scanFileId, actions } };
}

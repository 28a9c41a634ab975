import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { db, type DbOrTx } from '../../../db/client';
import { deliveredLines, invoicedLines, xdocLines, xdocs, type XdocType } from '../../../db/schema';
import type { Scope } from '../../auth/scope';
import { findVisibleDocument, type XdocRow } from '../documents/queries';
import { summariesWhere, type XdocSummary } from '../documents/summary';
import { NotFoundError } from '../errors';
import type { OrderLineState } from './line-plan';

/** Reads of an order's invoicing history (spec §7 look-ups), each scoped through the actor's Scope. */

/** Spec §3: 'jab' in the description, or the jab sub type, marks a multi-branch order. */
export const isJabOrder = (order: Pick<XdocRow, 'xdocDescr' | 'xdocSubTypeCode'>) =>
  (order.xdocDescr ?? '').toLowerCase().includes('jab') || order.xdocSubTypeCode === 'jab';

/** An order the actor may see, by tinyMce; with `orderno` it must also carry that number (else not found). */
export async function findVisibleOrder(scope: Scope, tinyMce: string, orderno?: string, dbx: DbOrTx = db): Promise<XdocRow> {
  const order = await findVisibleDocument(scope, tinyMce, dbx);
  const numberFits = !orderno || orderno.trim().toLowerCase() === order.docno.trim().toLowerCase();
  if (order.xdocTypeCode !== 'order' || !numberFits) throw new NotFoundError('Order not found.');
  return order;
}

/** The documents raised against an order (by link, or by its number for documents that only name it). */
const raisedAgainst = (order: XdocRow, type: XdocType): SQL =>
  and(eq(xdocs.xdocTypeCode, type), or(eq(xdocs.relatedXdocId, order.id), eq(xdocs.orderno, order.docno))) as SQL;

/**
 * A taken-quantity row `t` of the outer order line. Spelled out with the table's name: drizzle writes a
 * column of the only table of a select unqualified, which inside the subquery would name t's own column.
 */
const SAME_LINE = sql.raw(`t.order_xdoc_id = xdoc_lines.xdoc_id and t.line_number = xdoc_lines.line_number
  and t.delivery_address_code is not distinct from xdoc_lines.delivery_address_code`);

/** The order's lines with what earlier invoices (credit notes) or delivery notes took of each. */
export async function orderLineStates(dbx: DbOrTx, orderId: number, taken: 'invoiced' | 'delivered'): Promise<OrderLineState[]> {
  const done =
    taken === 'invoiced'
      ? sql<string>`(select coalesce(sum(t.qty), 0)::text from ${invoicedLines} t where ${SAME_LINE})`
      : sql<string>`(select coalesce(sum(t.qty), 0)::text from ${deliveredLines} t where ${SAME_LINE})`;
  return dbx
    .select({
      lineNumber: xdocLines.lineNumber,
      deliveryAddressCode: xdocLines.deliveryAddressCode,
      catalogueCode: xdocLines.catalogueCode,
      descr: xdocLines.descr,
      originalqty: xdocLines.originalqty,
      amount: xdocLines.amount,
      originalamount: xdocLines.originalamount,
      taxPercent: xdocLines.taxPercent,
      response: xdocLines.response,
      orderDescr: xdocLines.orderDescr,
      done,
    })
    .from(xdocLines)
    .where(eq(xdocLines.xdocId, orderId))
    .orderBy(asc(xdocLines.lineNumber), asc(xdocLines.deliveryAddressCode));
}

export type DeliveredLine = { lineNumber: number; deliveryAddressCode: string | null; qty: string; deliverynoteNumber: string | null };
export type InvoicedLine = {
  lineNumber: number;
  deliveryAddressCode: string | null;
  qty: string;
  amount: string;
  taxPercent: string;
  invoiceNumber: string;
};

const deliveredColumns = {
  lineNumber: deliveredLines.lineNumber,
  deliveryAddressCode: deliveredLines.deliveryAddressCode,
  qty: sql<string>`${deliveredLines.qty}::text`,
  deliverynoteNumber: deliveredLines.deliverynoteNumber,
};

/** What delivery notes delivered against the order, line by line. */
function deliveredOf(orderId: number): Promise<DeliveredLine[]> {
  return db
    .select(deliveredColumns)
    .from(deliveredLines)
    .where(eq(deliveredLines.orderXdocId, orderId))
    .orderBy(asc(deliveredLines.lineNumber), asc(deliveredLines.id));
}

/** What goods-received vouchers (aux.grv) of the order counted, line by line: the retailer's side of delivery. */
async function receivedOf(scope: Scope, order: XdocRow): Promise<DeliveredLine[]> {
  return db
    .select({
      lineNumber: xdocLines.lineNumber,
      deliveryAddressCode: xdocLines.deliveryAddressCode,
      qty: sql<string>`${xdocLines.qty}::text`,
      deliverynoteNumber: xdocs.docno,
    })
    .from(xdocLines)
    .innerJoin(xdocs, eq(xdocs.id, xdocLines.xdocId))
    .where(and(raisedAgainst(order, 'aux.grv'), scope.documents()))
    .orderBy(asc(xdocLines.lineNumber), asc(xdocs.id));
}

/**
 * Whether a goods receipt (aux.grv) counted the order, or the chosen branch's lines of a multi-branch
 * order: its invoice is then a discrepancy and states its reason (spec §2, §3), read in the submitting
 * transaction. The window decides the same from GET /invoices' receivedLines.
 */
export async function hasGoodsReceipt(dbx: DbOrTx, order: XdocRow, branch: string | null): Promise<boolean> {
  const [found] = await dbx
    .select({ id: xdocs.id })
    .from(xdocLines)
    .innerJoin(xdocs, eq(xdocs.id, xdocLines.xdocId))
    .where(and(raisedAgainst(order, 'aux.grv'), branch === null ? undefined : eq(xdocLines.deliveryAddressCode, branch)))
    .limit(1);
  return found !== undefined;
}

/** Summaries of the documents of one type raised against the order, newest first. */
function documentsAgainst(scope: Scope, order: XdocRow, type: XdocType): Promise<XdocSummary[]> {
  return summariesWhere(and(raisedAgainst(order, type), scope.documents()) as SQL);
}

/** GET /alldeliverynotes?orderno=&tinymce=: the order's delivery notes and delivered lines. */
export async function allDeliveryNotes(scope: Scope, tinyMce: string, orderno?: string) {
  const order = await findVisibleOrder(scope, tinyMce, orderno);
  const [notes, delivered] = await Promise.all([documentsAgainst(scope, order, 'deliverynote'), deliveredOf(order.id)]);
  return { xdocs: notes, deliveredLines: delivered };
}

/** GET /deliverynotes?tinymce=: the lines one delivery note delivered (to prefill an invoice picked from it). */
export async function deliveryNoteLines(scope: Scope, tinyMce: string): Promise<{ deliveredLines: DeliveredLine[] }> {
  const note = await findVisibleDocument(scope, tinyMce);
  if (note.xdocTypeCode !== 'deliverynote') throw new NotFoundError('Delivery note not found.');
  const rows = await db
    .select(deliveredColumns)
    .from(deliveredLines)
    .where(eq(deliveredLines.deliverynoteXdocId, note.id))
    .orderBy(asc(deliveredLines.lineNumber), asc(deliveredLines.id));
  return { deliveredLines: rows };
}

/**
 * GET /invoices?orderno=&tinymce=: what was invoiced (or credited) against the order, line by line, the
 * invoices themselves, the delivery notes, and what was delivered and received. The invoice modal
 * shows the three-way match (ordered / delivered / invoiced) from this.
 */
export async function invoicesOfOrder(scope: Scope, tinyMce: string, orderno?: string) {
  const order = await findVisibleOrder(scope, tinyMce, orderno);
  const [invoiced, linked, notes, delivered, received] = await Promise.all([
    db
      .select({
        lineNumber: invoicedLines.lineNumber,
        deliveryAddressCode: invoicedLines.deliveryAddressCode,
        qty: sql<string>`${invoicedLines.qty}::text`,
        amount: sql<string>`${invoicedLines.amount}::text`,
        taxPercent: sql<string>`${invoicedLines.taxPercent}::text`,
        invoiceNumber: invoicedLines.invoiceNumber,
      })
      .from(invoicedLines)
      .where(eq(invoicedLines.orderXdocId, order.id))
      .orderBy(asc(invoicedLines.lineNumber), asc(invoicedLines.id)),
    documentsAgainst(scope, order, 'invoice'),
    documentsAgainst(scope, order, 'deliverynote'),
    deliveredOf(order.id),
    receivedOf(scope, order),
  ]);
  return { invoicedLines: invoiced, linkedInvoices: linked, xdocs: notes, deliveredLines: delivered, receivedLines: received };
}

/** GET /delivered?tinymce=: the order's delivered quantity per line and delivery address. */
export async function deliveredTotals(scope: Scope, tinyMce: string): Promise<{ deliveredLines: DeliveredLine[] }> {
  const order = await findVisibleOrder(scope, tinyMce);
  const rows = await db
    .select({
      lineNumber: deliveredLines.lineNumber,
      deliveryAddressCode: deliveredLines.deliveryAddressCode,
      qty: sql<string>`sum(${deliveredLines.qty})::text`,
      deliverynoteNumber: sql<string | null>`null`,
    })
    .from(deliveredLines)
    .where(eq(deliveredLines.orderXdocId, order.id))
    .groupBy(deliveredLines.lineNumber, deliveredLines.deliveryAddressCode)
    .orderBy(asc(deliveredLines.lineNumber), asc(deliveredLines.deliveryAddressCode));
  return { deliveredLines: rows };
}

/** The delivery note numbers of an order (what an invoice may select), read inside the submitting transaction. */
export async function deliveryNoteNumbersOf(dbx: DbOrTx, order: XdocRow): Promise<string[]> {
  const rows = await dbx
    .selectDistinct({ number: sql<string>`coalesce(${xdocs.deliverynoteNumber}, ${xdocs.docno})` })
    .from(xdocs)
    .where(raisedAgainst(order, 'deliverynote'));
  return rows.map((r) => r.number);
}

/** The delivery addresses of a multi-branch order's lines. */
export async function branchesOf(dbx: DbOrTx, orderId: number): Promise<string[]> {
  const rows = await dbx
    .selectDistinct({ code: xdocLines.deliveryAddressCode })
    .from(xdocLines)
    .where(and(eq(xdocLines.xdocId, orderId), sql`${xdocLines.deliveryAddressCode} is not null`));
  return rows.map((r) => r.code!).sort();
}

import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { deliveredLines, invoicedLines, uploadedFiles, xdocLines, xdocs, type XdocSubType } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import type { DiscrepancyReason } from '../../vocabulary';
import type { XdocRow } from '../documents/queries';
import { NotFoundError } from '../errors';
import type { LinePlan } from './line-plan';

/** What invoices, credit notes and delivery notes share: the new document raised against an order. */

/** An attached scan as route() hands it over (checked by content and size already). */
export type Attachment = { fileName: string; contentType: string; bytes: Buffer };

/**
 * Locks the order for the rest of the transaction and reads it afresh: submissions against one order
 * run one after another, so what is left to invoice is read after the previous one committed.
 */
export async function lockOrder(tx: DbOrTx, orderId: number): Promise<XdocRow> {
  const [order] = await tx.select().from(xdocs).where(eq(xdocs.id, orderId)).for('update');
  if (!order) throw new NotFoundError('Order not found.');
  return order;
}

/** Stores the attached file (contract: uploaded_files, linked as the new document's scan_file_id). */
export async function storeAttachment(tx: DbOrTx, actor: Actor, file: Attachment | undefined, purpose: 'invoice' | 'deliverynote') {
  if (!file) return null;
  const [stored] = await tx
    .insert(uploadedFiles)
    .values({
      fileName: file.fileName,
      contentType: file.contentType,
      byteSize: file.bytes.length,
      content: file.bytes,
      purpose,
      uploadedBy: actor.userId,
    })
    .returning({ id: uploadedFiles.id });
  return stored.id;
}

export type RaisedDocument = {
  type: 'invoice' | 'deliverynote';
  subType: XdocSubType | null;
  typeDescr: string;
  descr: string;
  docno: string;
  docDate: string;
  invoiceNumber?: string;
  invoiceDate?: string;
  deliverynoteNumber: string | null;
  deliverynoteDate?: string;
  toFollow: number;
  scanFileId: number | null;
  /** An invoice answering a goods receipt: its discrepancy reason (spec §3 A/B/C). */
  reasonCode?: DiscrepancyReason | null;
  plan: LinePlan;
};

/**
 * Inserts the new document with its lines, carrying the order's parties and places (the supplier's own,
 * so read), and records what it takes of the order's lines: invoiced (credited) or delivered quantities.
 */
export async function insertRaisedDocument(tx: DbOrTx, actor: Actor, order: XdocRow, doc: RaisedDocument) {
  const [created] = await tx
    .insert(xdocs)
    .values({
      tinyMce: randomBytes(10).toString('hex'),
      docno: doc.docno,
      orderno: order.docno,
      xdocTypeCode: doc.type,
      xdocSubTypeCode: doc.subType,
      xdocTypeDescr: doc.typeDescr,
      xdocDescr: doc.descr,
      orderType: order.orderType,
      wfStatusCode: 'received',
      subsidiaryId: order.subsidiaryId,
      vendorId: order.vendorId,
      storeId: order.storeId,
      toStoreId: order.toStoreId,
      regionId: order.regionId,
      divisionId: order.divisionId,
      relatedXdocId: order.id,
      docDate: doc.docDate,
      deliveryDate: order.deliveryDate,
      deliveryMethod: order.deliveryMethod,
      totValue: doc.plan.totals.incl,
      xdocTotalExcl: doc.plan.totals.excl,
      xdocTaxAmount: doc.plan.totals.tax,
      xdocTotalIncl: doc.plan.totals.incl,
      xdocInvoicedate: doc.invoiceDate ?? null,
      xdocDeliverynoteDate: doc.deliverynoteDate ?? null,
      invoiceNumber: doc.invoiceNumber ?? null,
      deliverynoteNumber: doc.deliverynoteNumber,
      toFollow: doc.toFollow,
      reasonCode: doc.reasonCode ?? null,
      isRead: true,
      readAt: sql`now()`,
      readBy: actor.userId,
      scanFileId: doc.scanFileId,
    })
    .returning();
  await tx.insert(xdocLines).values(
    doc.plan.lines.map((l) => ({
      xdocId: created.id,
      lineNumber: l.lineNumber,
      catalogueCode: l.catalogueCode,
      descr: l.descr,
      qty: l.qty,
      originalqty: l.qty,
      amount: doc.type === 'invoice' ? l.amount : null,
      originalamount: doc.type === 'invoice' ? l.amount : null,
      taxPercent: doc.type === 'invoice' ? l.taxPercent : null,
      taxAmount: doc.type === 'invoice' ? l.taxAmount : null,
      deliveryAddressCode: l.deliveryAddressCode,
      invoiceNumber: doc.invoiceNumber ?? null,
    })),
  );
  const taken = doc.plan.lines.map((l) => ({
    orderXdocId: order.id,
    lineNumber: l.lineNumber,
    deliveryAddressCode: l.deliveryAddressCode,
    qty: l.qty,
  }));
  if (doc.type === 'invoice')
    await tx.insert(invoicedLines).values(
      taken.map((t, i) => ({
        ...t,
        invoiceXdocId: created.id,
        invoiceNumber: doc.invoiceNumber!,
        amount: doc.plan.lines[i].amount,
        taxPercent: doc.plan.lines[i].taxPercent,
      })),
    );
  else
    await tx
      .insert(deliveredLines)
      .values(taken.map((t) => ({ ...t, deliverynoteXdocId: created.id, deliverynoteNumber: doc.deliverynoteNumber })));
  return created;
}

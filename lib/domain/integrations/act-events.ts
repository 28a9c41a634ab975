import type { DbOrTx } from '../../../db/client';
import type { xdocs } from '../../../db/schema';
import { recordEvent, recordEvents } from './record-event';

/**
 * The events of the suppliers' acts that a retailer's system must learn of, one builder per act, called by
 * each act command inside its own transaction (design §7). Data names documents as the retailer's system
 * knows them (docno, tinyMce) and carries what it needs to follow up without another call.
 */
type Doc = Pick<typeof xdocs.$inferSelect, 'id' | 'tinyMce' | 'docno' | 'subsidiaryId' | 'vendorId'>;

const ofDocument = (doc: Doc) => ({ subsidiaryId: doc.subsidiaryId, vendorId: doc.vendorId, xdocId: doc.id });

/** An order confirmed, rejected or answered per line (mixed), with its line answers. */
export function orderAnswered(
  tx: DbOrTx,
  order: Doc,
  plan: { header: Record<string, unknown>; wfStatusCode: 'confirmed' | 'rejected' | 'mixed'; lines: readonly object[] },
) {
  const type =
    plan.wfStatusCode === 'confirmed' ? 'order.confirmed' : plan.wfStatusCode === 'rejected' ? 'order.rejected' : 'order.responded';
  return recordEvent(tx, {
    type,
    ...ofDocument(order),
    data: { tinyMce: order.tinyMce, docno: order.docno, wfStatusCode: plan.wfStatusCode, response: plan.header, lines: plan.lines },
  });
}

/** An invoice or credit note submitted against an order; `ubl` is where the integration reads it as UBL 2.1. */
export function invoiceSubmitted(tx: DbOrTx, order: Doc, invoice: Doc & { xdocTotalIncl: string; toFollow: number }, isCredit: boolean) {
  return recordEvent(tx, {
    type: isCredit ? 'creditnote.submitted' : 'invoice.submitted',
    ...ofDocument(invoice),
    data: {
      tinyMce: invoice.tinyMce,
      invoiceNumber: invoice.docno,
      orderno: order.docno,
      orderTinyMce: order.tinyMce,
      totalIncl: invoice.xdocTotalIncl,
      toFollow: invoice.toFollow === 1,
      ubl: `/api/v1/invoices/${invoice.tinyMce}/ubl`,
    },
  });
}

export function deliveryNoteSubmitted(tx: DbOrTx, order: Doc, note: Doc) {
  return recordEvent(tx, {
    type: 'deliverynote.submitted',
    ...ofDocument(note),
    data: { tinyMce: note.tinyMce, deliverynoteNumber: note.docno, orderno: order.docno, orderTinyMce: order.tinyMce },
  });
}

export function invoicingDismissed(tx: DbOrTx, order: Doc) {
  return recordEvent(tx, { type: 'invoicing.dismissed', ...ofDocument(order), data: { tinyMce: order.tinyMce, docno: order.docno } });
}

/** Item or pricing changes approved or rejected: one event each, for every integration (a vendor's catalogue belongs to no one subsidiary). */
export function changesDecided(
  tx: DbOrTx,
  kind: 'item' | 'pricing',
  changes: readonly { id: number; vendorId: number; changeable: Record<string, unknown> }[],
  status: 'approved' | 'rejected',
  comments: string | undefined,
) {
  return recordEvents(
    tx,
    changes.map((c) => ({
      type: kind === 'item' ? 'item_change.decided' : 'pricing_change.decided',
      subsidiaryId: null,
      vendorId: c.vendorId,
      data: { changeId: c.id, status, catalogueCode: c.changeable.catalogueCode ?? null, comments: comments ?? null },
    })),
  );
}

/** A master-data change (an upload's changes, or a vendor's new data) approved or rejected. */
export function masterdataDecided(
  tx: DbOrTx,
  record: { id: number; vendorId: number | null; processId: string | null; eventType: string | null },
  status: 'approved' | 'rejected',
  reason?: string,
) {
  return recordEvent(tx, {
    type: 'masterdata_change.decided',
    subsidiaryId: null,
    vendorId: record.vendorId,
    data: { changeId: record.id, processId: record.processId, eventType: record.eventType, status, reason: reason ?? null },
  });
}

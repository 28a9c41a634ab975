import type { Scope } from '../../auth/scope';
import { buildUblInvoice } from '../../exports/ubl-invoice';
import { pdfFileName } from '../documents/document-pdf';
import { loadPdfInput } from '../documents/pdf-input';
import { findVisibleDocument } from '../documents/queries';
import { NotFoundError } from '../errors';

/** GET /invoices/{tinyMce}/ubl: a visible invoice or credit note as UBL 2.1 (Peppol BIS Billing 3.0) XML. */
export async function invoiceUbl(scope: Scope, key: string): Promise<{ fileName: string; xml: string }> {
  const doc = await findVisibleDocument(scope, key);
  if (doc.xdocTypeCode !== 'invoice') throw new NotFoundError('Invoice not found.');
  const input = await loadPdfInput(scope, doc.tinyMce);
  const xml = buildUblInvoice({ ...input, isCreditNote: doc.xdocSubTypeCode === 'creditnote', deliverynoteNumber: doc.deliverynoteNumber });
  return { fileName: pdfFileName(doc.docno).replace(/\.pdf$/, '.xml'), xml };
}

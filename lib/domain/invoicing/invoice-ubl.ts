import { eq } from 'drizzle-orm';
import { db } from '../../../db/client';
import { subsidiaries, vendors } from '../../../db/schema';
import type { Scope } from '../../auth/scope';
import { buildUblInvoice } from '../../exports/ubl-invoice';
import { pdfFileName } from '../documents/document-pdf';
import { loadPdfInput } from '../documents/pdf-input';
import { findVisibleDocument, type XdocRow } from '../documents/queries';
import { NotFoundError } from '../errors';

/** What EN 16931 and Peppol need of the seller and buyer beyond what the PDF shows: e-invoicing addresses, VAT, terms. */
async function eInvoicingParties(doc: XdocRow) {
  const [[seller], [buyer]] = await Promise.all([
    db
      .select({
        electronicAddress: vendors.electronicAddress,
        electronicAddressScheme: vendors.electronicAddressScheme,
        paymentTermsDays: vendors.paymentTermsDays,
        vendordata: vendors.vendordata,
      })
      .from(vendors)
      .where(eq(vendors.id, doc.vendorId)),
    db
      .select({
        vatNumber: subsidiaries.vatNumber,
        electronicAddress: subsidiaries.electronicAddress,
        electronicAddressScheme: subsidiaries.electronicAddressScheme,
      })
      .from(subsidiaries)
      .where(eq(subsidiaries.id, doc.subsidiaryId)),
  ]);
  if (!seller || !buyer) throw new NotFoundError('Invoice not found.');
  const { vendordata, paymentTermsDays, ...sellerIds } = seller;
  return {
    seller: { ...sellerIds, vatNumber: vendordata.vatNumber, registrationNumber: vendordata.registrationNumber },
    buyer,
    paymentTermsDays,
  };
}

/** GET /invoices/{tinyMce}/ubl: a visible invoice or credit note as UBL 2.1 (Peppol BIS Billing 3.0) XML. */
export async function invoiceUbl(scope: Scope, key: string): Promise<{ fileName: string; xml: string }> {
  const doc = await findVisibleDocument(scope, key);
  if (doc.xdocTypeCode !== 'invoice') throw new NotFoundError('Invoice not found.');
  const [input, parties] = await Promise.all([loadPdfInput(scope, doc.tinyMce), eInvoicingParties(doc)]);
  const xml = buildUblInvoice({
    ...input,
    ...parties,
    isCreditNote: doc.xdocSubTypeCode === 'creditnote',
    deliverynoteNumber: doc.deliverynoteNumber,
  });
  return { fileName: pdfFileName(doc.docno).replace(/\.pdf$/, '.xml'), xml };
}

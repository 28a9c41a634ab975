import { eq, inArray } from 'drizzle-orm';
import { db } from '../../../db/client';
import { stores, subsidiaries, vendors, type VendorData } from '../../../db/schema';
import type { Scope } from '../../auth/scope';
import type { PdfDocumentInput, PdfStore } from '../../exports/document-pdf-types';
import { NotFoundError } from '../errors';
import { documentLines, findVisibleDocument, type XdocLine, type XdocRow } from './queries';

type Party = { name: string; code: string };
type Place = PdfStore & { addressCode: string | null };
export type PdfParties = {
  retailer: Party;
  supplier: Party & { vendordata: VendorData };
  store: Place | null;
  toStore: Place | null;
};

const storeOf = (place: Place | null): PdfStore | null => place && { name: place.name, code: place.code };

/** Maps a document, its lines and the parties it names onto the PDF builder's plain input. */
export function toPdfInput(doc: XdocRow, lines: XdocLine[], parties: PdfParties): PdfDocumentInput {
  const { vatNumber, address } = parties.supplier.vendordata;
  return {
    docno: doc.docno,
    orderno: doc.orderno,
    xdocTypeCode: doc.xdocTypeCode,
    xdocTypeDescr: doc.xdocTypeDescr,
    xdocSubTypeCode: doc.xdocSubTypeCode,
    wfStatusCode: doc.wfStatusCode,
    docDate: doc.docDate,
    deliveryDate: doc.deliveryDate,
    retailer: parties.retailer,
    supplier: { name: parties.supplier.name, code: parties.supplier.code, vatNumber, address },
    store: storeOf(parties.store),
    toStore: storeOf(parties.toStore),
    // Goods go to the to-store when there is one (a transfer), else to the ordering store.
    deliveryAddress: parties.toStore ?? parties.store,
    deliveryMethod: doc.deliveryMethod,
    deliveryInstructions: doc.deliveryInstructions,
    reasonCode: doc.reasonCode,
    totals: { excl: doc.xdocTotalExcl, tax: doc.xdocTaxAmount, incl: doc.xdocTotalIncl },
    lines: lines.map((l) => ({
      lineNumber: l.lineNumber,
      catalogueCode: l.catalogueCode,
      descr: l.descr,
      qty: l.qty,
      amount: l.amount,
      taxPercent: l.taxPercent,
      taxAmount: l.taxAmount,
      response: l.response,
      orderDescr: l.orderDescr,
      branchName: l.branchName,
    })),
  };
}

async function partiesOf(doc: XdocRow): Promise<PdfParties> {
  const storeIds = [doc.storeId, doc.toStoreId].filter((id): id is number => id !== null);
  const [[retailer], [supplier], storeRows] = await Promise.all([
    db.select({ name: subsidiaries.name, code: subsidiaries.code }).from(subsidiaries).where(eq(subsidiaries.id, doc.subsidiaryId)),
    db.select({ name: vendors.name, code: vendors.code, vendordata: vendors.vendordata }).from(vendors).where(eq(vendors.id, doc.vendorId)),
    storeIds.length
      ? db
          .select({ id: stores.id, name: stores.name, code: stores.code, addressCode: stores.addressCode })
          .from(stores)
          .where(inArray(stores.id, storeIds))
      : [],
  ]);
  if (!retailer || !supplier) throw new NotFoundError('Document not found.');
  const store = (id: number | null) => {
    const found = storeRows.find((s) => s.id === id);
    return found ? { name: found.name, code: found.code, addressCode: found.addressCode } : null;
  };
  return { retailer, supplier, store: store(doc.storeId), toStore: store(doc.toStoreId) };
}

/**
 * Loads what the PDF of one visible document needs. When the caller names the docno it expects
 * (GET /xdocs/{id}/pdf?docno=), a different document is treated as not found rather than printed.
 */
export async function loadPdfInput(scope: Scope, key: string, docno?: string): Promise<PdfDocumentInput> {
  const doc = await findVisibleDocument(scope, key);
  if (docno !== undefined && docno.trim().toLowerCase() !== doc.docno.trim().toLowerCase())
    throw new NotFoundError(`Order ${docno} PDF is unavailable!`);
  const [lines, parties] = await Promise.all([documentLines(scope, doc.id), partiesOf(doc)]);
  return toPdfInput(doc, lines, parties);
}

import type { PdfDocumentInput, PdfDocumentLine } from '../document-pdf-types';

const PRODUCTS = [
  'Full cream milk 2L',
  'White sugar 2.5kg',
  'Brown bread 700g sliced',
  'Sunflower oil 750ml',
  'Maize meal super 10kg, bulk carton for the bakery and deli departments',
  'Rooibos tea 80 bags',
  'Long grain rice 2kg',
];

/** A purchase order with `lineCount` lines; line 2 is cancelled and line 3 rejected when present. */
export function sampleDocument(lineCount = 6, overrides: Partial<PdfDocumentInput> = {}): PdfDocumentInput {
  const lines: PdfDocumentLine[] = Array.from({ length: lineCount }, (_, i) => ({
    lineNumber: i + 1,
    catalogueCode: `CAT-${String(100000 + i * 37)}`,
    descr: PRODUCTS[i % PRODUCTS.length],
    qty: String((i % 12) + 1),
    amount: (12.5 + (i % 9) * 7.25).toFixed(2),
    taxPercent: i % 5 === 4 ? '0' : '15',
    orderDescr: i === 1 ? 'cancelled' : null,
    response: i === 2 ? 'Rejected' : null,
    branchName: null,
  }));
  return {
    docno: 'PO00001234',
    orderno: null,
    xdocTypeCode: 'order',
    xdocSubTypeCode: 'direct',
    wfStatusCode: 'responded',
    docDate: '2025-03-01',
    deliveryDate: '2025-03-07',
    retailer: { name: 'Shoprite Checkers (Pty) Ltd', code: 'SHP01' },
    supplier: { name: 'Clover Dairies', code: 'V10023', vatNumber: '4123456789', address: '200 Constantia Drive\nRoodepoort, 1709' },
    store: { name: 'Checkers Hyper Menlyn', code: 'ST0456' },
    toStore: null,
    deliveryAddress: { name: 'Checkers Hyper Menlyn', code: 'ST0456', addressCode: 'DA0456' },
    deliveryMethod: 'Direct to store',
    deliveryInstructions: 'Deliver to receiving bay 3 between 06:00 and 10:00. Pallets must be wrapped.',
    totals: { excl: '12345.67', tax: '1851.85', incl: '14197.52' },
    lines,
    generatedAt: new Date('2025-03-02T08:30:00Z'),
    ...overrides,
  };
}

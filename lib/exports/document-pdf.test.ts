import { documentPdfStream, documentPdfTitle, renderDocumentPdf } from './document-pdf';
import { TABLE_HEADERS } from './document-pdf-table';
import { sampleDocument } from './test-support/document-pdf-fixture';
import { extractPages } from './test-support/pdf-extract';

const plain = { compress: false };
const HEADER_ROW = TABLE_HEADERS.join('|');

/** The table header as consecutive text runs on a page, e.g. 'Line|Code|…|Line total'. */
function hasHeaderRow(runs: string[]): boolean {
  return runs.join('|').includes(HEADER_ROW);
}

describe('renderDocumentPdf', () => {
  it('produces a complete PDF with the default (compressed) settings', async () => {
    const pdf = await renderDocumentPdf(sampleDocument(5));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1').trim()).toBe('%%EOF');
    // Compressed content streams hide the text; the uncompressed file is much larger.
    const uncompressed = await renderDocumentPdf(sampleDocument(5), plain);
    expect(pdf.length).toBeLessThan(uncompressed.length);
    expect(pdf.toString('latin1')).toContain('/FlateDecode');
  });

  it('sets the metadata title to the short type name and the document number', async () => {
    const input = sampleDocument(2);
    expect(documentPdfTitle(input)).toBe('Order PO00001234');
    const pdf = (await renderDocumentPdf(input)).toString('latin1');
    // pdfkit stores the Info strings as separate, never-compressed objects: /Title 18 0 R … 18 0 obj (…).
    const ref = /\/Title (\d+) 0 R/.exec(pdf)?.[1];
    expect(ref).toBeDefined();
    expect(pdf).toContain(`${ref} 0 obj\n(Order PO00001234)\nendobj`);
    expect(documentPdfTitle(sampleDocument(1, { xdocTypeCode: 'invoice', docno: 'INV77' }))).toBe('Invoice INV77');
    expect(documentPdfTitle(sampleDocument(1, { xdocTypeCode: 'invoice', xdocSubTypeCode: 'creditnote', docno: 'CN1' }))).toBe(
      'Credit note CN1',
    );
  });

  it('names the type the document is, in the words of the screens (issue 27), whatever the sender described it as', async () => {
    const credit = sampleDocument(1, {
      xdocTypeCode: 'invoice',
      xdocSubTypeCode: 'creditnote',
      xdocTypeDescr: 'Tax Invoice',
      docno: 'CN9',
    });
    const [page] = extractPages(await renderDocumentPdf(credit, plain));
    expect(page.runs[0]).toBe('Credit note CN9');
    expect(page.text).not.toContain('Tax Invoice');
    expect(documentPdfTitle(credit)).toBe('Credit note CN9');

    const invoice = sampleDocument(1, { xdocTypeCode: 'invoice', xdocTypeDescr: 'Invoice', docno: 'INV9' });
    expect(extractPages(await renderDocumentPdf(invoice, plain))[0].runs[0]).toBe('Invoice INV9');
    expect(documentPdfTitle(sampleDocument(1, { xdocTypeCode: 'order', xdocSubTypeCode: 'return', docno: 'RO9' }))).toBe(
      'Return order RO9',
    );
    expect(documentPdfTitle(sampleDocument(1, { xdocTypeCode: 'aux.grv', docno: 'GRV9' }))).toBe('Goods received voucher GRV9');
  });

  it('prints the title with the document number, dates as DD-MM-YYYY (as the screens show them) and both parties', async () => {
    const [first] = extractPages(await renderDocumentPdf(sampleDocument(3), plain));
    expect(first.runs[0]).toBe('Purchase Order PO00001234');
    expect(first.runs).toEqual(expect.arrayContaining(['01-03-2025', '07-03-2025', 'Processed']));
    expect(first.runs).not.toContain('01.03.2025');
    expect(first.runs).toEqual(
      expect.arrayContaining(['Shoprite Checkers (Pty) Ltd', 'Clover Dairies', 'Supplier code: V10023', 'VAT no.: 4123456789']),
    );
    expect(first.runs).toEqual(expect.arrayContaining(['Checkers Hyper Menlyn (ST0456)', 'Direct to store']));
    expect(first.text).toContain('Deliver to receiving bay 3');
  });

  it('uses xdocTypeDescr as the heading and shows the to-store and order number when given', async () => {
    const input = sampleDocument(1, {
      xdocTypeCode: 'deliverynote',
      xdocTypeDescr: 'Inter-branch transfer',
      docno: 'DN5',
      orderno: 'PO42',
      toStore: { name: 'Checkers Sea Point', code: 'ST0777' },
    });
    const [first] = extractPages(await renderDocumentPdf(input, plain));
    expect(first.runs[0]).toBe('Inter-branch transfer DN5');
    expect(first.runs).toEqual(expect.arrayContaining(['TO STORE', 'Checkers Sea Point (ST0777)', 'ORDER NO.', 'PO42']));
  });

  it('prints a discrepancy invoice’s reason in words, and no reason where there is none', async () => {
    const input = sampleDocument(1, { xdocTypeCode: 'invoice', docno: 'INV9', orderno: 'PO9', reasonCode: 'A' });
    const [first] = extractPages(await renderDocumentPdf(input, plain));
    expect(first.runs).toEqual(expect.arrayContaining(['REASON', 'Quantity difference']));
    const [plainInvoice] = extractPages(await renderDocumentPdf({ ...input, reasonCode: null }, plain));
    expect(plainInvoice.runs).not.toContain('REASON');
  });

  it('prints the delivery address: the receiving store and its address code', async () => {
    const input = sampleDocument(1, {
      toStore: { name: 'Checkers Sea Point', code: 'ST0777' },
      deliveryAddress: { name: 'Checkers Sea Point', code: 'ST0777', addressCode: 'DA0777' },
    });
    const [first] = extractPages(await renderDocumentPdf(input, plain));
    const at = first.runs.indexOf('DELIVERY ADDRESS');
    expect(at).toBeGreaterThan(-1);
    expect(first.runs.slice(at + 1, at + 3)).toEqual(['Checkers Sea Point (ST0777)', 'Address code DA0777']);
    // Four delivery cells: the fourth starts a new row rather than running off the page.
    expect(first.runs).toEqual(expect.arrayContaining(['STORE', 'TO STORE', 'DELIVERY METHOD', 'Direct to store']));
    const noAddress = extractPages(await renderDocumentPdf(sampleDocument(1, { deliveryAddress: null }), plain))[0];
    expect(noAddress.runs).not.toContain('DELIVERY ADDRESS');
  });

  it('computes each line total exactly from quantity and unit price', async () => {
    const input = sampleDocument(0, {
      lines: [
        { lineNumber: 1, catalogueCode: 'A1', descr: 'Float trap', qty: '3', amount: '1.115', taxPercent: '15' },
        { lineNumber: 2, catalogueCode: 'A2', descr: 'Big', qty: '1200', amount: '1999.99', taxPercent: '15' },
        { lineNumber: 3, catalogueCode: 'A3', descr: 'Return', qty: '-2', amount: '10', taxPercent: '15' },
        { lineNumber: 4, catalogueCode: 'A4', descr: 'Unpriced', qty: '5', amount: null, taxPercent: null },
        // Math.round(3 * 0.345 * 100) is 103; the exact product 1.035 rounds to 104 cents.
        { lineNumber: 5, catalogueCode: 'A5', descr: 'Cents', qty: '3', amount: '0.345', taxPercent: '15' },
        { lineNumber: 6, catalogueCode: 'A6', descr: 'Reduced', qty: '1', amount: '10', taxPercent: '7.50' },
      ],
    });
    const [first] = extractPages(await renderDocumentPdf(input, plain));
    const row = (n: string) => first.runs.slice(first.runs.indexOf(n), first.runs.indexOf(n) + 6);
    expect(row('A1')).toEqual(['A1', 'Float trap', '3', 'R 1.12', '15%', 'R 3.35']);
    expect(row('A2')).toEqual(['A2', 'Big', '1,200', 'R 1,999.99', '15%', 'R 2,399,988.00']);
    expect(row('A3')).toEqual(['A3', 'Return', '-2', 'R 10.00', '15%', '- R 20.00']);
    expect(row('A4')).toEqual(['A4', 'Unpriced', '5', '—', '—', '—']);
    expect(row('A5')).toEqual(['A5', 'Cents', '3', 'R 0.35', '15%', 'R 1.04']);
    // The tax rate as a percentage, as written on a tax invoice.
    expect(row('A6')).toEqual(['A6', 'Reduced', '1', 'R 10.00', '7.5%', 'R 10.00']);
  });

  it('marks cancelled and rejected lines', async () => {
    const [first] = extractPages(await renderDocumentPdf(sampleDocument(4), plain));
    const after = (text: string) => first.runs[first.runs.indexOf(text) + 1];
    expect(after('White sugar 2.5kg')).toBe('CANCELLED'); // line 2: orderDescr 'cancelled'
    expect(after('Brown bread 700g sliced')).toBe('REJECTED'); // line 3: response 'Rejected'
    expect(after('Full cream milk 2L')).not.toMatch(/CANCELLED|REJECTED/);
    expect(first.runs.filter((r) => r === 'CANCELLED' || r === 'REJECTED')).toHaveLength(2);
  });

  it('breaks a 120-line document across pages with the table header and page numbers on each', async () => {
    const pages = extractPages(await renderDocumentPdf(sampleDocument(120), plain));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(hasHeaderRow(page.runs)).toBe(true);
      expect(page.runs).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    // Every line is printed exactly once, in order, across the pages.
    const printed = pages.flatMap((p) => p.runs.filter((r) => /^CAT-\d+$/.test(r)));
    expect(printed).toEqual(sampleDocument(120).lines.map((l) => l.catalogueCode));
    // Continuation pages repeat the document number at the top.
    expect(pages[1].runs[0]).toBe('Purchase Order PO00001234');
  });

  it('prints the totals in rands at the end', async () => {
    const input = sampleDocument(120, { totals: { excl: '1234.5', tax: '-12', incl: '1222.50' } });
    const pages = extractPages(await renderDocumentPdf(input, plain));
    const last = pages[pages.length - 1].runs;
    const after = (label: string) => last[last.indexOf(label) + 1];
    expect(after('Total excl. VAT')).toBe('R 1,234.50');
    expect(after('VAT')).toBe('- R 12.00');
    expect(after('Total incl. VAT')).toBe('R 1,222.50');
    expect(pages.slice(0, -1).some((p) => p.runs.includes('Total incl. VAT'))).toBe(false);
  });

  it('renders a document without lines', async () => {
    const pdf = await renderDocumentPdf(sampleDocument(0), plain);
    expect(pdf.subarray(-6).toString('latin1').trim()).toBe('%%EOF');
    const pages = extractPages(pdf);
    expect(pages).toHaveLength(1);
    expect(hasHeaderRow(pages[0].runs)).toBe(true);
    expect(pages[0].runs).toEqual(expect.arrayContaining(['This document has no lines.', '0 lines', 'Page 1 of 1']));
  });

  it('replaces characters the standard fonts cannot encode', async () => {
    const input = sampleDocument(1, { supplier: { name: 'Łódź Foods 🚚', code: 'V1' } });
    const [first] = extractPages(await renderDocumentPdf(input, plain));
    // ó is Latin-1 and stays; Ł and ź have no WinAnsi glyph and fold to L and z; the emoji becomes '?'.
    expect(first.runs).toContain('Lódz Foods ?');
  });

  it('rejects input with a non-numeric amount instead of printing garbage', async () => {
    const input = sampleDocument(1, { totals: { excl: 'abc', tax: '0', incl: '0' } });
    await expect(renderDocumentPdf(input)).rejects.toThrow(/Not a decimal number: 'abc'/);
  });
});

describe('documentPdfStream', () => {
  it('streams the same PDF', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of documentPdfStream(sampleDocument(3), plain)) chunks.push(chunk as Buffer);
    const streamed = Buffer.concat(chunks);
    const rendered = await renderDocumentPdf(sampleDocument(3), plain);
    expect(streamed.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(extractPages(streamed).map((p) => p.text)).toEqual(extractPages(rendered).map((p) => p.text));
  });
});

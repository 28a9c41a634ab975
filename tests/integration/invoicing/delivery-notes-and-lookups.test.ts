import { eq } from 'drizzle-orm';
import { GET as allDeliveryNotesRoute } from '@/app/api/alldeliverynotes/route';
import { GET as deliveredRoute } from '@/app/api/delivered/route';
import { GET as deliveryNoteLinesRoute, POST as deliveryNotesRoute } from '@/app/api/deliverynotes/route';
import { GET as ublRoute } from '@/app/api/invoices/[id]/ubl/route';
import { GET as invoicesLookupRoute, POST as invoicesRoute } from '@/app/api/invoices/route';
import { GET as pdfRoute } from '@/app/api/xdocs/[id]/pdf/route';
import { db, pool } from '@/db/client';
import { uploadedFiles, userActivities, xdocs } from '@/db/schema';
import { loadPdfInput } from '@/lib/domain/documents/pdf-input';
import { todayInSouthAfrica } from '@/lib/domain/invoicing/invoice-date';
import { renderDocumentPdf } from '@/lib/exports/document-pdf';
import { extractPages } from '@/lib/exports/test-support/pdf-extract';
import { actorFor, callRoute, sessionHeaders } from '../support/actors';
import { createOrder, removeCreatedDocuments, type CreatedDocument } from '../support/fixtures';
import { invoicingSnapshot, postForm, removeRaisedDocuments } from '../support/invoicing';

const SUPPLIER = 'supplier@portal.test';
const OTHER = 'other.supplier@portal.test';
const TODAY = todayInSouthAfrica();
const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const orders: CreatedDocument[] = [];
const tag = Date.now().toString(36).toUpperCase().slice(-6);

afterAll(async () => {
  await removeRaisedDocuments(orders.map((o) => o.id));
  await removeCreatedDocuments();
  await pool.end();
});

async function confirmedOrder(subType: 'normal' | 'return' = 'normal') {
  const order = await createOrder({
    vendorCode: 'V0002',
    subType,
    respondedAt: new Date(),
    wfStatusCode: 'confirmed',
    lines: [
      { qty: '5', amount: '12.00' },
      { qty: '1', amount: '99.99' },
    ],
  });
  orders.push(order);
  return order;
}

const deliveryNote = (order: CreatedDocument, number: string, det: unknown[], extra: Record<string, string> = {}) => ({
  tinyMce: order.tinyMce,
  docno: order.docno,
  deliverynoteNumber: number,
  det: JSON.stringify(det),
  ...extra,
});

async function get(handler: typeof allDeliveryNotesRoute, url: string, email = SUPPLIER) {
  return callRoute(handler, url, { headers: await sessionHeaders(email) });
}

describe('POST /deliverynotes', () => {
  it('creates the delivery note with its delivered lines and an attached scan, and the look-ups show it', async () => {
    const order = await confirmedOrder();
    const number = `DN${tag}1`;
    const response = await postForm(
      deliveryNotesRoute,
      '/api/deliverynotes',
      SUPPLIER,
      deliveryNote(order, number, [{ lineNumber: 1, qty: '3' }]),
      {
        file: { bytes: PDF_BYTES, name: 'scan.png' },
      },
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      message: 'Delivery Note successfully submitted',
      deliverynoteNumber: number,
      xdocTypeCode: 'deliverynote',
    });
    const [note] = await db.select().from(xdocs).where(eq(xdocs.tinyMce, body.tinyMce));
    expect(note).toMatchObject({ isRead: true, relatedXdocId: order.id, xdocDeliverynoteDate: TODAY });
    // The file is stored by what it is (a PDF named .png), linked as the note's scan.
    const [file] = await db.select().from(uploadedFiles).where(eq(uploadedFiles.id, note.scanFileId!));
    expect(file).toMatchObject({ purpose: 'deliverynote', contentType: 'application/pdf', fileName: 'scan.pdf' });
    const activity = await db.select().from(userActivities).where(eq(userActivities.activity, 'submit-delivery-note'));
    expect(activity.some((a) => (a.detail as { tinyMce?: string }).tinyMce === body.tinyMce)).toBe(true);

    const all = await (await get(allDeliveryNotesRoute, `/api/alldeliverynotes?orderno=${order.docno}&tinymce=${order.tinyMce}`)).json();
    expect(all.xdocs.map((x: { docno: string }) => x.docno)).toEqual([number]);
    expect(all.deliveredLines).toEqual([{ lineNumber: 1, deliveryAddressCode: null, qty: '3.00', deliverynoteNumber: number }]);
    const lines = await (await get(deliveryNoteLinesRoute, `/api/deliverynotes?tinymce=${body.tinyMce}`)).json();
    expect(lines.deliveredLines).toEqual([{ lineNumber: 1, deliveryAddressCode: null, qty: '3.00', deliverynoteNumber: number }]);
    const delivered = await (await get(deliveredRoute, `/api/delivered?tinymce=${order.tinyMce}`)).json();
    expect(delivered.deliveredLines).toEqual([{ lineNumber: 1, deliveryAddressCode: null, qty: '3.00', deliverynoteNumber: null }]);
  });

  it('refuses a missing or repeated number, over-delivery, a return order, a wrong file kind, and writes nothing', async () => {
    const order = await confirmedOrder();
    const send = (fields: Record<string, string>, options = {}) =>
      postForm(deliveryNotesRoute, '/api/deliverynotes', SUPPLIER, fields, options);
    expect((await send(deliveryNote(order, `DN${tag}2`, [{ lineNumber: 1, qty: '5' }]))).status).toBe(201);
    const before = await invoicingSnapshot(order.id);
    const refusals: [Record<string, string>, number, string, object?][] = [
      [deliveryNote(order, '', [{ lineNumber: 1, qty: '1' }]), 422, 'Please capture a delivery note number.'],
      [
        deliveryNote(order, `DN${tag}2`, [{ lineNumber: 2, qty: '1' }]),
        409,
        `Delivery note DN${tag}2 was already submitted for order ${order.docno}.`,
      ],
      [deliveryNote(order, `DN${tag}3`, [{ lineNumber: 1, qty: '1' }]), 422, 'Line 1 is already fully delivered: its quantity must be 0.'],
      [
        deliveryNote(order, `DN${tag}4`, [{ lineNumber: 2, qty: '1' }]),
        422,
        'The file must be a PDF or PNG image or JPEG image.',
        { file: { bytes: new TextEncoder().encode('plain text'), name: 'scan.pdf' } },
      ],
    ];
    for (const [fields, status, message, options] of refusals) {
      const response = await send(fields, options);
      expect({ status: response.status, message: (await response.json()).message }).toEqual({
        status,
        message: expect.stringContaining(message.slice(0, 25)),
      });
    }
    expect(await invoicingSnapshot(order.id)).toEqual(before);
    const returned = await confirmedOrder('return');
    const response = await send(deliveryNote(returned, `DN${tag}5`, [{ lineNumber: 1, qty: '1' }]));
    expect(response.status).toBe(422);
  });
});

describe('GET /invoices and the invoice documents', () => {
  let order: CreatedDocument;
  let invoiceTinyMce: string;
  const invoiceNumber = `INV${tag}`;

  beforeAll(async () => {
    order = await confirmedOrder();
    const note = deliveryNote(order, `DN${tag}9`, [{ lineNumber: 1, qty: '4' }]);
    expect((await postForm(deliveryNotesRoute, '/api/deliverynotes', SUPPLIER, note)).status).toBe(201);
    const fields = {
      tinyMce: order.tinyMce,
      invoiceNumber,
      xdocInvoicedate: TODAY,
      selectDeliverynoteNumber: `DN${tag}9`,
      toFollow: '1',
      det: JSON.stringify([{ lineNumber: 1, qty: '4', amount: '11.50' }]),
    };
    const response = await postForm(invoicesRoute, '/api/invoices', SUPPLIER, fields);
    expect(response.status).toBe(201);
    invoiceTinyMce = (await response.json()).tinyMce;
  });

  it('answers the invoiced lines, linked invoices, delivery notes and delivered lines of the order', async () => {
    const response = await get(invoicesLookupRoute, `/api/invoices?orderno=${order.docno}&tinymce=${order.tinyMce}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.invoicedLines).toEqual([
      { lineNumber: 1, deliveryAddressCode: null, qty: '4.00', amount: '11.50', taxPercent: '15.00', invoiceNumber },
    ]);
    expect(
      body.linkedInvoices.map((x: { invoiceNumber: string; deliverynoteNumber: string }) => [x.invoiceNumber, x.deliverynoteNumber]),
    ).toEqual([[invoiceNumber, `DN${tag}9`]]);
    expect(body.xdocs.map((x: { docno: string }) => x.docno)).toEqual([`DN${tag}9`]);
    expect(body.deliveredLines).toHaveLength(1);
    expect(body.receivedLines).toEqual([]);
  });

  it("answers 404 for another vendor's order, and 404 when the order number does not match", async () => {
    expect((await get(invoicesLookupRoute, `/api/invoices?tinymce=${order.tinyMce}`, OTHER)).status).toBe(404);
    expect((await get(allDeliveryNotesRoute, `/api/alldeliverynotes?tinymce=${order.tinyMce}`, OTHER)).status).toBe(404);
    expect((await get(deliveredRoute, `/api/delivered?tinymce=${order.tinyMce}`, OTHER)).status).toBe(404);
    expect((await get(invoicesLookupRoute, `/api/invoices?tinymce=${order.tinyMce}&orderno=PO-NOT-IT`)).status).toBe(404);
  });

  it('renders the invoice as a PDF through the document PDF module', async () => {
    const response = await callRoute(pdfRoute, `/api/xdocs/${invoiceTinyMce}/pdf`, {
      headers: await sessionHeaders(SUPPLIER),
      params: { id: invoiceTinyMce },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = await renderDocumentPdf(await loadPdfInput((await actorFor(SUPPLIER)).scope, invoiceTinyMce), { compress: false });
    const text = extractPages(pdf)
      .map((p) => p.text)
      .join('\n');
    expect(text).toContain('Invoice');
    expect(text).toContain(invoiceNumber);
    expect(text).toContain('R 52.90');
  });

  it('exports the invoice as UBL 2.1 XML with Peppol BIS 3.0 names and totals that add up', async () => {
    const response = await callRoute(ublRoute, `/api/invoices/${invoiceTinyMce}/ubl`, {
      headers: await sessionHeaders(SUPPLIER),
      params: { id: invoiceTinyMce },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/,
    );
    expect(xml).toContain(`<cbc:ID>${invoiceNumber}</cbc:ID>`);
    expect(xml).toContain(`<cbc:IssueDate>${TODAY}</cbc:IssueDate>`);
    expect(xml).toContain('<cbc:DocumentCurrencyCode>ZAR</cbc:DocumentCurrencyCode>');
    expect(xml).toContain(`<cac:OrderReference><cbc:ID>${order.docno}</cbc:ID></cac:OrderReference>`);
    expect(xml).toContain('<cbc:PayableAmount currencyID="ZAR">52.90</cbc:PayableAmount>');
    expect(
      (
        await callRoute(ublRoute, `/api/invoices/${order.tinyMce}/ubl`, {
          headers: await sessionHeaders(SUPPLIER),
          params: { id: order.tinyMce },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callRoute(ublRoute, `/api/invoices/${invoiceTinyMce}/ubl`, {
          headers: await sessionHeaders(OTHER),
          params: { id: invoiceTinyMce },
        })
      ).status,
    ).toBe(404);
  });
});

import { eq } from 'drizzle-orm';
import { POST as invoicesRoute } from '@/app/api/invoices/route';
import { GET as documentRoute } from '@/app/api/xdocs/[id]/route';
import { db, pool } from '@/db/client';
import { auditEntries, xdocs } from '@/db/schema';
import { loadPdfInput } from '@/lib/domain/documents/pdf-input';
import { todayInSouthAfrica } from '@/lib/domain/invoicing/invoice-date';
import { DISCREPANCY_REASON_NOT_ALLOWED, DISCREPANCY_REASON_REQUIRED } from '@/lib/domain/invoicing/schemas';
import { renderDocumentPdf } from '@/lib/exports/document-pdf';
import { extractPages } from '@/lib/exports/test-support/pdf-extract';
import { actorFor, callRoute, sessionHeaders } from '../support/actors';
import { createDocument, createOrder, removeCreatedDocuments, type CreatedDocument } from '../support/fixtures';
import { invoicingSnapshot, postForm, removeRaisedDocuments } from '../support/invoicing';

/**
 * The discrepancy window's submission (issue 27 point 1, spec §2, §3): the invoice of an order its goods
 * receipt (aux.grv) counted states its reason A/B/C, which is stored, audited, shown and printed in words.
 */

const SUPPLIER = 'supplier@portal.test';
const STAFF = 'retail.admin@portal.test';
const orders: CreatedDocument[] = [];
let seq = 0;
const invoiceNo = () => `D${Date.now().toString(36).toUpperCase().slice(-7)}${String(++seq).padStart(3, '0')}`;

afterAll(async () => {
  await removeRaisedDocuments(orders.map((o) => o.id));
  await removeCreatedDocuments();
  await pool.end();
});

/** A confirmed order of 10 × R 11.00, optionally with a goods receipt that counted 8. */
async function order(withGoodsReceipt: boolean): Promise<CreatedDocument> {
  const created = await createOrder({
    vendorCode: 'V0001',
    respondedAt: new Date(),
    wfStatusCode: 'confirmed',
    lines: [{ qty: '10', amount: '11.00' }],
  });
  orders.push(created);
  if (withGoodsReceipt)
    await createDocument({
      vendorCode: 'V0001',
      type: 'aux.grv',
      relatedXdocId: created.id,
      orderno: created.docno,
      reasonCode: 'A',
      lines: [{ qty: '8', amount: '11.00' }],
    });
  return created;
}

const fields = (o: CreatedDocument, extra: Record<string, string> = {}) => ({
  tinyMce: o.tinyMce,
  docno: o.docno,
  invoiceNumber: invoiceNo(),
  xdocInvoicedate: todayInSouthAfrica(),
  deliverynoteNumber: 'DN-GRV',
  toFollow: '0',
  det: JSON.stringify([{ lineNumber: 1, qty: '8', amount: '11.00' }]),
  ...extra,
});

const submit = (body: Record<string, string>) => postForm(invoicesRoute, '/api/invoices', SUPPLIER, body);

/** Submits, expects a 422 naming reasonCode with this message, and that nothing about the order changed. */
async function expectRefused(o: CreatedDocument, body: Record<string, string>, message: string | RegExp) {
  const before = await invoicingSnapshot(o.id);
  const response = await submit(body);
  expect(response.status).toBe(422);
  const refusal = (await response.json()) as { message: string; errors: Record<string, string[]> };
  expect(refusal.message).toMatch(message);
  expect(Object.keys(refusal.errors)).toEqual(['reasonCode']);
  expect(await invoicingSnapshot(o.id)).toEqual(before);
}

describe('POST /invoices for an order its goods receipt counted (the discrepancy window)', () => {
  it('stores the reason on the invoice, audits it in words, and shows and prints it', async () => {
    const o = await order(true);
    const body = fields(o, { reasonCode: 'A' });
    const response = await submit(body);
    expect(response.status).toBe(201);
    const { tinyMce } = (await response.json()) as { tinyMce: string };

    const [invoice] = await db.select().from(xdocs).where(eq(xdocs.tinyMce, tinyMce));
    expect(invoice).toMatchObject({ xdocTypeCode: 'invoice', reasonCode: 'A', relatedXdocId: o.id });
    const invoiceAudit = await db.select().from(auditEntries).where(eq(auditEntries.xdocId, invoice.id));
    expect(invoiceAudit.map((a) => a.descr)).toEqual([
      `Invoice ${body.invoiceNumber} submitted against ${o.docno}; discrepancy reason: Quantity difference (A)`,
    ]);
    const orderAudit = await db.select().from(auditEntries).where(eq(auditEntries.xdocId, o.id));
    expect(orderAudit.some((a) => a.descr?.endsWith('discrepancy reason: Quantity difference (A)'))).toBe(true);

    // The document window of the history (staff) names the reason in words.
    const shown = await callRoute(documentRoute, `/api/xdocs/${tinyMce}`, {
      headers: await sessionHeaders(STAFF),
      params: { id: tinyMce },
    });
    expect(shown.status).toBe(200);
    expect(((await shown.json()) as { xdoc: { reasonCode: string; reasonLabel: string } }).xdoc).toMatchObject({
      reasonCode: 'A',
      reasonLabel: 'Quantity difference',
    });
    const pdf = await renderDocumentPdf(await loadPdfInput((await actorFor(STAFF)).scope, tinyMce), { compress: false });
    expect(extractPages(pdf)[0].runs).toEqual(expect.arrayContaining(['REASON', 'Quantity difference']));
  });

  it('refuses a missing reason, or one that is not A, B or C, with a 422 that changes nothing', async () => {
    const o = await order(true);
    await expectRefused(o, fields(o), DISCREPANCY_REASON_REQUIRED);
    await expectRefused(o, fields(o, { reasonCode: 'Q' }), /^The discrepancy reason must be one of A \(Quantity difference\)/);
  });

  it('refuses a reason on the invoice of an order no goods receipt counted, and takes that invoice without one', async () => {
    const o = await order(false);
    await expectRefused(o, fields(o, { reasonCode: 'B' }), DISCREPANCY_REASON_NOT_ALLOWED);
    const response = await submit(fields(o));
    expect(response.status).toBe(201);
    const { tinyMce } = (await response.json()) as { tinyMce: string };
    const [invoice] = await db.select({ reasonCode: xdocs.reasonCode }).from(xdocs).where(eq(xdocs.tinyMce, tinyMce));
    expect(invoice.reasonCode).toBeNull();
  });
});

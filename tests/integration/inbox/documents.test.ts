import { and, eq } from 'drizzle-orm';
import { GET as deliveryNotesRoute } from '@/app/api/delivery-notes/route';
import { PUT as respondRoute } from '@/app/api/orders/[id]/route';
import { GET as auditRoute } from '@/app/api/xdocs/[id]/audit/route';
import { GET as pdfRoute } from '@/app/api/xdocs/[id]/pdf/route';
import { GET as xdocRoute, PUT as markReadRoute } from '@/app/api/xdocs/[id]/route';
import { db, pool } from '@/db/client';
import { auditEntries, deliveredLines, userVendors } from '@/db/schema';
import { callRoute, sessionHeaders, userId } from '../support/actors';
import { createDocument, createOrder, removeCreatedDocuments, storeByCode, vendorByCode } from '../support/fixtures';
import { auditCount, documentState, responseSnapshot } from '../support/inbox';

const SUPPLIER = 'supplier@portal.test';
const SUPPLIER_USER = 'supplier.user@portal.test';
const OTHER = 'other.supplier@portal.test';
const RETAIL = 'retail.user@portal.test';

afterAll(async () => {
  await removeCreatedDocuments();
  await pool.end();
});

/** The document information Title, which pdfkit writes as an indirect string object. */
function pdfTitle(pdf: Buffer): string | undefined {
  const text = pdf.toString('latin1');
  const ref = /\/Title (\d+) 0 R/.exec(text);
  const direct = /\/Title \(([^)]*)\)/.exec(text);
  if (!ref) return direct?.[1];
  return new RegExp(`(?:^|\\n)${ref[1]} 0 obj\\s*\\(([^)]*)\\)`).exec(text)?.[1];
}

const markRead = async (key: string, email = SUPPLIER, body: unknown = { confirm: true }, opts: { xsrf?: boolean } = {}) =>
  callRoute(markReadRoute, `/api/xdocs/${key}`, { method: 'PUT', headers: await sessionHeaders(email, opts), body, params: { id: key } });

describe('GET /xdocs/{tinyMce}', () => {
  it('answers the document with its lines, editable flags, delivered quantities and no response yet', async () => {
    const order = await createOrder({
      vendorCode: 'V0001',
      storeCode: 'S006',
      lines: [{}, { amount: null, taxPercent: null, qty: '5' }, { orderDescr: 'cancelled' }],
    });
    await db.insert(deliveredLines).values({ orderXdocId: order.id, lineNumber: 1, qty: '1.5', deliverynoteNumber: 'DN-1' });
    const store = await storeByCode('S006');
    const response = await callRoute(xdocRoute, `/api/xdocs/${order.tinyMce}`, {
      headers: await sessionHeaders(SUPPLIER_USER),
      params: { id: order.tinyMce },
    });
    expect(response.status).toBe(200);
    const { xdoc } = await response.json();
    expect(xdoc).toMatchObject({
      id: order.id,
      tinyMce: order.tinyMce,
      docno: order.docno,
      lineCount: 3,
      response: null,
      invoice: null,
      branchName: store.name,
    });
    expect(xdoc.det).toHaveLength(3);
    expect(xdoc.det[0]).toEqual({
      lineNumber: 1,
      catalogueCode: 'CAT00001',
      descr: 'Test item 1',
      qty: '2.00',
      originalqty: '2.00',
      qtyDelivered: null,
      deliveredQty: '1.50',
      amount: '10.00',
      originalamount: '10.00',
      taxPercent: '15.00',
      taxAmount: null,
      response: null,
      reason: null,
      supplierRef: null,
      orderDescr: null,
      deliveryAddressCode: null,
      branchName: store.name,
      invoiceNumber: null,
      amountEditable: false,
      taxPercentEditable: false,
    });
    expect(xdoc.det[1]).toMatchObject({
      lineNumber: 2,
      qty: '5.00',
      amount: null,
      taxPercent: null,
      amountEditable: true,
      taxPercentEditable: true,
      deliveredQty: '0.00',
    });
    expect(xdoc.det[2]).toMatchObject({ lineNumber: 3, orderDescr: 'cancelled' });
  });

  it('answers the stored response as a JSON string led by responsetext, and the invoice raised against the order', async () => {
    const order = await createOrder({
      vendorCode: 'V0002',
      respondedAt: new Date(),
      wfStatusCode: 'rejected',
      response: { response: 'rejected', reason: 'other', supplierRef: 'REF-9' },
    });
    const invoice = await createDocument({ vendorCode: 'V0002', type: 'invoice', relatedXdocId: order.id, orderno: order.docno });
    const response = await callRoute(xdocRoute, `/api/xdocs/${order.id}`, {
      headers: await sessionHeaders(SUPPLIER),
      params: { id: String(order.id) },
    });
    expect(response.status).toBe(200);
    const { xdoc } = await response.json();
    expect(xdoc.response).toBe('{"responsetext":"rejected","reason":"other","supplierRef":"REF-9"}');
    expect(Object.keys(JSON.parse(xdoc.response))[0]).toBe('responsetext');
    expect(xdoc.invoice).toEqual({ orderno: order.docno, invoiceNo: invoice.docno });
    expect(xdoc.wfStatusCode).toBe('rejected');
  });

  it('answers 404 for an unknown document', async () => {
    const response = await callRoute(xdocRoute, '/api/xdocs/no-such-doc', {
      headers: await sessionHeaders(SUPPLIER),
      params: { id: 'no-such-doc' },
    });
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe('Document not found.');
  });
});

describe('PUT /xdocs/{tinyMce} (mark as read)', () => {
  it('marks the document read, writes an audit entry and takes it out of the unread list', async () => {
    const note = await createDocument({ vendorCode: 'V0001', type: 'deliverynote' });
    const inList = async () =>
      (
        (await (
          await callRoute(deliveryNotesRoute, `/api/delivery-notes?docno=${note.docno}`, { headers: await sessionHeaders(SUPPLIER_USER) })
        ).json()) as { xdocs: unknown[] }
      ).xdocs.length;
    expect(await inList()).toBe(1);

    const response = await markRead(note.tinyMce, SUPPLIER_USER);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Document marked as read', xdoc: { tinyMce: note.tinyMce, isRead: true } });
    const state = await documentState(note.id);
    expect(state.isRead).toBe(true);
    expect(state.readAt).toBeInstanceOf(Date);
    expect(state.readBy).toBe(await userId(SUPPLIER_USER));
    expect(await auditCount(note.id, 'read')).toBe(1);
    expect(await inList()).toBe(0);

    // Again: harmless, and no second audit entry.
    expect((await markRead(note.tinyMce, SUPPLIER)).status).toBe(200);
    expect(await auditCount(note.id, 'read')).toBe(1);
    expect((await documentState(note.id)).readBy).toBe(await userId(SUPPLIER_USER));
  });

  it.each([
    ['confirm false', { confirm: false }],
    ['confirm as a string', { confirm: 'true' }],
    ['no confirm', {}],
  ])('refuses %s with 422 and changes nothing', async (_label, body) => {
    const note = await createDocument({ vendorCode: 'V0001', type: 'deliverynote' });
    const response = await markRead(note.tinyMce, SUPPLIER, body);
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe('confirm must be true to mark the document as read.');
    expect((await documentState(note.id)).isRead).toBe(false);
    expect(await auditCount(note.id)).toBe(0);
  });

  it('refuses malformed JSON with 400', async () => {
    const note = await createDocument({ vendorCode: 'V0001', type: 'deliverynote' });
    const response = await markRead(note.tinyMce, SUPPLIER, '{"confirm": tru');
    expect(response.status).toBe(400);
    expect((await documentState(note.id)).isRead).toBe(false);
  });

  it('refuses a request without X-XSRF-TOKEN with 419 and changes nothing', async () => {
    const note = await createDocument({ vendorCode: 'V0001', type: 'deliverynote' });
    const response = await markRead(note.tinyMce, SUPPLIER, { confirm: true }, { xsrf: false });
    expect(response.status).toBe(419);
    expect((await documentState(note.id)).isRead).toBe(false);
    expect(await auditCount(note.id)).toBe(0);
  });

  it('lets a read-only retail user see the document but not mark it (403)', async () => {
    const note = await createDocument({ vendorCode: 'V0002', type: 'deliverynote', storeCode: 'S001' });
    const seen = await callRoute(xdocRoute, `/api/xdocs/${note.tinyMce}`, {
      headers: await sessionHeaders(RETAIL),
      params: { id: note.tinyMce },
    });
    expect(seen.status).toBe(200);
    const response = await markRead(note.tinyMce, RETAIL);
    expect(response.status).toBe(403);
    expect((await documentState(note.id)).isRead).toBe(false);
    expect(await auditCount(note.id)).toBe(0);
  });

  it('refuses a supplier whose vendor link is read-only (403)', async () => {
    const note = await createDocument({ vendorCode: 'V0001', type: 'deliverynote' });
    const vendor = await vendorByCode('V0001');
    const id = await userId(SUPPLIER_USER);
    const link = and(eq(userVendors.userId, id), eq(userVendors.vendorId, vendor.id));
    await db.update(userVendors).set({ canWrite: false }).where(link);
    try {
      const response = await markRead(note.tinyMce, SUPPLIER_USER);
      expect(response.status).toBe(403);
    } finally {
      await db.update(userVendors).set({ canWrite: true }).where(link);
    }
    expect((await documentState(note.id)).isRead).toBe(false);
  });
});

describe('GET /xdocs/{id}/audit', () => {
  it('answers the entries newest first, by tinyMce or numeric id', async () => {
    const note = await createDocument({ vendorCode: 'V0001', type: 'dispute', reasonCode: 'U' });
    await db.insert(auditEntries).values([
      {
        xdocId: note.id,
        entityId: note.id,
        action: 'received',
        descr: 'Dispute received',
        ownerName: 'System',
        createdAt: new Date('2026-01-02T08:15:00Z'),
      },
    ]);
    expect((await markRead(note.tinyMce, SUPPLIER_USER)).status).toBe(200);

    for (const key of [note.tinyMce, String(note.id)]) {
      const response = await callRoute(auditRoute, `/api/xdocs/${key}/audit`, {
        headers: await sessionHeaders(SUPPLIER),
        params: { id: key },
      });
      expect(response.status).toBe(200);
      const { audit } = await response.json();
      expect(audit).toHaveLength(2);
      expect(audit[0]).toMatchObject({
        owner: { name: 'Supplier User' },
        descr: { action: 'read', descr: `Dispute ${note.docno} marked as read`, owner: { name: 'Supplier User' } },
      });
      expect(audit[0].time).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
      expect(audit[1]).toEqual({
        id: expect.any(Number),
        datetime: '2026-01-02T08:15:00.000Z',
        time: '02-01-2026 10:15',
        owner: { name: 'System' },
        descr: { action: 'received', descr: 'Dispute received', owner: { name: 'System' } },
      });
    }
  });
});

describe('GET /xdocs/{id}/pdf', () => {
  it('answers the document as a PDF attachment titled with its docno', async () => {
    const order = await createOrder({ vendorCode: 'V0001', lines: 4 });
    const response = await callRoute(pdfRoute, `/api/xdocs/${order.tinyMce}/pdf?docno=${order.docno}`, {
      headers: await sessionHeaders(SUPPLIER),
      params: { id: order.tinyMce },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${order.docno}.pdf"`);
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfTitle(pdf)).toBe(`Order ${order.docno}`);
  });

  it('answers 404 when the docno does not match the document', async () => {
    const order = await createOrder({ vendorCode: 'V0001' });
    const response = await callRoute(pdfRoute, `/api/xdocs/${order.id}/pdf?docno=PO-SOMETHING-ELSE`, {
      headers: await sessionHeaders(SUPPLIER),
      params: { id: String(order.id) },
    });
    expect(response.status).toBe(404);
  });
});

describe('document scope', () => {
  it('gives another supplier 404 for a V0001 document everywhere and changes nothing', async () => {
    const order = await createOrder({ vendorCode: 'V0001' });
    const key = order.tinyMce;
    const headers = await sessionHeaders(OTHER);
    const before = await responseSnapshot(order.id);

    expect((await callRoute(xdocRoute, `/api/xdocs/${key}`, { headers, params: { id: key } })).status).toBe(404);
    expect((await callRoute(xdocRoute, `/api/xdocs/${order.id}`, { headers, params: { id: String(order.id) } })).status).toBe(404);
    expect((await callRoute(auditRoute, `/api/xdocs/${key}/audit`, { headers, params: { id: key } })).status).toBe(404);
    expect((await callRoute(pdfRoute, `/api/xdocs/${key}/pdf?docno=${order.docno}`, { headers, params: { id: key } })).status).toBe(404);
    expect((await markRead(key, OTHER)).status).toBe(404);
    const respond = await callRoute(respondRoute, `/api/orders/${key}`, {
      method: 'PUT',
      headers,
      params: { id: key },
      body: { orderResponse: { header: { response: 'confirmed' } } },
    });
    expect(respond.status).toBe(404);
    expect((await respond.json()).message).toBe('Document not found.');

    expect(await responseSnapshot(order.id)).toEqual(before);
    // The owner can open it: the 404s above are scope, not a broken fixture.
    expect((await callRoute(xdocRoute, `/api/xdocs/${key}`, { headers: await sessionHeaders(SUPPLIER), params: { id: key } })).status).toBe(
      200,
    );
  });
});

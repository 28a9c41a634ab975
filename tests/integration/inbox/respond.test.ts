import { and, desc, eq } from 'drizzle-orm';
import { PUT as bulkRoute } from '@/app/api/orders/bulkResponse/route';
import { PUT as respondRoute } from '@/app/api/orders/[id]/route';
import { GET as ordersRoute } from '@/app/api/orders/route';
import { GET as xdocRoute } from '@/app/api/xdocs/[id]/route';
import { db, pool } from '@/db/client';
import { auditEntries, userActivities } from '@/db/schema';
import { callRoute, sessionHeaders, userId } from '../support/actors';
import { createDocument, createOrder, removeCreatedDocuments, type CreatedDocument } from '../support/fixtures';
import { auditCount, documentState, lineStates, responseSnapshot } from '../support/inbox';

const SUPPLIER = 'supplier@portal.test';
const SUPPLIER_USER = 'supplier.user@portal.test';
const RETAIL = 'retail.user@portal.test';
const OTHER = 'other.supplier@portal.test';

afterAll(async () => {
  await removeCreatedDocuments();
  await pool.end();
});

async function respond(key: string, orderResponse: unknown, { email = SUPPLIER, xsrf = true } = {}) {
  return callRoute(respondRoute, `/api/orders/${key}`, {
    method: 'PUT',
    headers: await sessionHeaders(email, { xsrf }),
    params: { id: key },
    body: typeof orderResponse === 'string' ? orderResponse : { orderResponse },
  });
}

async function bulk(orderResponse: unknown, { email = SUPPLIER, xsrf = true } = {}) {
  return callRoute(bulkRoute, '/api/orders/bulkResponse', {
    method: 'PUT',
    headers: await sessionHeaders(email, { xsrf }),
    body: { orderResponse },
  });
}

async function lastAuditDescr(id: number): Promise<string | undefined> {
  const [entry] = await db.select().from(auditEntries).where(eq(auditEntries.xdocId, id)).orderBy(desc(auditEntries.id)).limit(1);
  return entry?.descr;
}

const REJECT = { response: 'rejected', reason: 'minimum order value', supplierRef: 'ABC' };

describe('PUT /orders/{tinyMce}', () => {
  it('confirms an order: status, lines, read flag, audit and activity, and it leaves the open list', async () => {
    const order = await createOrder({ vendorCode: 'V0001', lines: 3 });
    const response = await respond(
      order.tinyMce,
      { header: { response: 'confirmed' }, tinyMce: order.tinyMce, docno: order.docno },
      { email: SUPPLIER_USER },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Response successfully submitted', successful: `[${order.tinyMce}]`, failed: '[]' });

    const state = await documentState(order.id);
    expect(state).toMatchObject({
      wfStatusCode: 'confirmed',
      isRead: true,
      respondedBy: await userId(SUPPLIER_USER),
      response: { response: 'confirmed' },
    });
    expect(state.respondedAt).toBeInstanceOf(Date);
    expect((await lineStates(order.id)).map((l) => l.response)).toEqual(['Confirmed', 'Confirmed', 'Confirmed']);
    expect(await auditCount(order.id, 'responded')).toBe(1);
    expect(await lastAuditDescr(order.id)).toBe(`Order ${order.docno} confirmed`);
    const activity = await db
      .select()
      .from(userActivities)
      .where(and(eq(userActivities.activity, 'respond-order'), eq(userActivities.userEmail, SUPPLIER_USER)));
    expect(activity.some((a) => (a.detail as { tinyMce?: string }).tinyMce === order.tinyMce)).toBe(true);

    const open = await callRoute(ordersRoute, `/api/orders?docno=${order.docno}`, { headers: await sessionHeaders(SUPPLIER) });
    expect((await open.json()).xdocs).toEqual([]);
  });

  it('rejects an order with reason and supplier reference, shown back in the document response', async () => {
    const order = await createOrder({ vendorCode: 'V0002', lines: 2 });
    const response = await respond(order.tinyMce, { header: { ...REJECT, reason: 'Minimum Order Value' } });
    expect(response.status).toBe(200);
    expect((await response.json()).successful).toBe(`[${order.tinyMce}]`);

    const state = await documentState(order.id);
    expect(state.wfStatusCode).toBe('rejected');
    expect(state.response).toEqual({ response: 'rejected', reason: 'minimum order value', supplierRef: 'ABC' });
    expect(await lineStates(order.id)).toEqual([
      { lineNumber: 1, response: 'Rejected', reason: 'minimum order value', supplierRef: 'ABC', orderDescr: null },
      { lineNumber: 2, response: 'Rejected', reason: 'minimum order value', supplierRef: 'ABC', orderDescr: null },
    ]);
    expect(await lastAuditDescr(order.id)).toBe(`Order ${order.docno} rejected: minimum order value (ref ABC)`);

    const detail = await callRoute(xdocRoute, `/api/xdocs/${order.tinyMce}`, {
      headers: await sessionHeaders(SUPPLIER),
      params: { id: order.tinyMce },
    });
    expect((await detail.json()).xdoc.response).toBe('{"responsetext":"rejected","reason":"minimum order value","supplierRef":"ABC"}');
  });

  it('answers per line: unanswered lines confirmed, cancelled lines untouched, status mixed', async () => {
    const order = await createOrder({ vendorCode: 'V0001', lines: [{}, {}, {}, { orderDescr: 'cancelled' }] });
    const response = await respond(order.tinyMce, {
      header: { response: 'detailResponse' },
      detail: [
        { lineNumber: 2, response: 'rejected', reason: 'discontinued/invalid item', supplierRef: 'R2' },
        { lineNumber: 3, response: 'confirmed' },
      ],
    });
    expect(response.status).toBe(200);
    expect((await response.json()).message).toBe('Response successfully submitted');
    const state = await documentState(order.id);
    expect(state.wfStatusCode).toBe('mixed');
    expect(state.response).toEqual({ response: 'detailResponse' });
    expect(await lineStates(order.id)).toEqual([
      { lineNumber: 1, response: 'Confirmed', reason: null, supplierRef: null, orderDescr: null },
      { lineNumber: 2, response: 'Rejected', reason: 'discontinued/invalid item', supplierRef: 'R2', orderDescr: null },
      { lineNumber: 3, response: 'Confirmed', reason: null, supplierRef: null, orderDescr: null },
      { lineNumber: 4, response: null, reason: null, supplierRef: null, orderDescr: 'cancelled' },
    ]);
    expect(await lastAuditDescr(order.id)).toBe(
      `Order ${order.docno} responded per line: mixed (2 confirmed, 1 rejected); line 2 rejected: discontinued/invalid item (ref R2)`,
    );
  });

  it('sets rejected when every line is rejected, confirmed when none is', async () => {
    const all = await createOrder({ vendorCode: 'V0001', lines: 2 });
    const line = (n: number) => ({ lineNumber: n, response: 'rejected', reason: 'other', supplierRef: `L${n}` });
    expect((await respond(all.tinyMce, { header: { response: 'detailResponse' }, detail: [line(1), line(2)] })).status).toBe(200);
    expect((await documentState(all.id)).wfStatusCode).toBe('rejected');

    const none = await createOrder({ vendorCode: 'V0001', lines: 2 });
    expect((await respond(none.tinyMce, { header: { response: 'detailResponse' }, detail: [] })).status).toBe(200);
    expect((await documentState(none.id)).wfStatusCode).toBe('confirmed');
    expect((await lineStates(none.id)).map((l) => l.response)).toEqual(['Confirmed', 'Confirmed']);
  });

  it('reports a second response under failed and keeps the first', async () => {
    const order = await createOrder({ vendorCode: 'V0001' });
    expect((await respond(order.tinyMce, { header: { response: 'confirmed' } })).status).toBe(200);
    const first = await responseSnapshot(order.id);
    const again = await respond(order.tinyMce, { header: REJECT });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({
      message: `Order [${order.docno}] could not be responded to.`,
      successful: '[]',
      failed: `[${order.tinyMce}]`,
    });
    expect(await responseSnapshot(order.id)).toEqual(first);
    expect(first.wfStatusCode).toBe('confirmed');
  });

  it('lets only one of two simultaneous responses win', async () => {
    const order = await createOrder({ vendorCode: 'V0001', lines: 2 });
    const answers = await Promise.all([
      respond(order.tinyMce, { header: { response: 'confirmed' } }).then((r) => r.json()),
      respond(order.tinyMce, { header: REJECT }, { email: SUPPLIER_USER }).then((r) => r.json()),
    ]);
    const winners = answers.filter((a) => a.successful === `[${order.tinyMce}]`);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.failed === `[${order.tinyMce}]`)).toHaveLength(1);
    expect(await auditCount(order.id, 'responded')).toBe(1);
    const state = await documentState(order.id);
    const lines = await lineStates(order.id);
    expect(lines.every((l) => l.response === (state.wfStatusCode === 'confirmed' ? 'Confirmed' : 'Rejected'))).toBe(true);
  });

  it('accepts collection date for return orders and refuses delivery date there', async () => {
    const ret = await createOrder({ vendorCode: 'V0002', subType: 'return' });
    const wrong = await respond(ret.tinyMce, { header: { ...REJECT, reason: 'delivery date' } });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).message).toBe(
      'The reason must be one of: minimum order value, collection date, discontinued/invalid item, other.',
    );
    expect((await documentState(ret.id)).respondedAt).toBeNull();

    const ok = await respond(ret.tinyMce, { header: { ...REJECT, reason: 'collection date' } });
    expect(ok.status).toBe(200);
    expect((await documentState(ret.id)).response).toEqual({ response: 'rejected', reason: 'collection date', supplierRef: 'ABC' });
    expect(await lastAuditDescr(ret.id)).toBe(`Return order ${ret.docno} rejected: collection date (ref ABC)`);
  });

  describe('refuses bad input with a message and changes nothing', () => {
    let order: CreatedDocument;
    beforeEach(async () => {
      order = await createOrder({ vendorCode: 'V0001', lines: 3 });
    });

    it.each([
      [
        'an unknown reason',
        { header: { ...REJECT, reason: 'too expensive' } },
        422,
        'The reason must be one of: minimum order value, delivery date, collection date, discontinued/invalid item, other.',
      ],
      [
        'collection date on a purchase order',
        { header: { ...REJECT, reason: 'collection date' } },
        422,
        'The reason must be one of: minimum order value, delivery date, discontinued/invalid item, other.',
      ],
      ['a rejection without a reason', { header: { response: 'rejected', supplierRef: 'X' } }, 422, 'You need to select a reason'],
      [
        'a rejection without a supplier reference',
        { header: { response: 'rejected', reason: 'other', supplierRef: '  ' } },
        422,
        'You need to enter a supplier reference',
      ],
      [
        'a supplier reference over 50 characters',
        { header: { ...REJECT, supplierRef: 'x'.repeat(51) } },
        422,
        'The supplier reference may be at most 50 characters.',
      ],
      ['an unknown response', { header: { response: 'maybe' } }, 422, 'The response must be confirmed, rejected or detailResponse.'],
      [
        'a rejected line without a reason',
        { header: { response: 'detailResponse' }, detail: [{ lineNumber: 1, response: 'rejected', supplierRef: 'X' }] },
        422,
        'You need to select a reason',
      ],
      [
        'a line that does not exist',
        { header: { response: 'detailResponse' }, detail: [{ lineNumber: 9, response: 'confirmed' }] },
        422,
        'Line 9 does not exist on order DOCNO',
      ],
      [
        'the same line twice',
        {
          header: { response: 'detailResponse' },
          detail: [
            { lineNumber: 1, response: 'confirmed' },
            { lineNumber: 1, response: 'confirmed' },
          ],
        },
        422,
        'Line 1 is given more than once.',
      ],
      [
        'a docno of another order',
        { header: { response: 'confirmed' }, docno: 'PO-NOT-THIS-ONE' },
        422,
        'The docno PO-NOT-THIS-ONE does not match order DOCNO.',
      ],
      ['malformed JSON', '{"orderResponse": {', 400, 'The request body is not valid JSON.'],
    ])('%s', async (_label, payload, status, message) => {
      const before = await responseSnapshot(order.id);
      const response = await respond(order.tinyMce, payload);
      expect(response.status).toBe(status);
      expect((await response.json()).message).toBe(message.replace('DOCNO', order.docno));
      expect(await responseSnapshot(order.id)).toEqual(before);
      expect(before.respondedAt).toBeNull();
    });
  });

  it('refuses a line-level response on a one-line order', async () => {
    const order = await createOrder({ vendorCode: 'V0001', lines: 1 });
    const response = await respond(order.tinyMce, {
      header: { response: 'detailResponse' },
      detail: [{ lineNumber: 1, response: 'confirmed' }],
    });
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe('Line-level responses are not possible for an order with one line.');
    expect((await documentState(order.id)).respondedAt).toBeNull();
  });

  it('refuses to respond to a document that is not an order', async () => {
    const note = await createDocument({ vendorCode: 'V0001', type: 'deliverynote' });
    const response = await respond(note.tinyMce, { header: { response: 'confirmed' } });
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe('Only orders can be responded to.');
    expect(await responseSnapshot(note.id)).toMatchObject({ respondedAt: null, audit: 0 });
  });

  it('refuses a request without X-XSRF-TOKEN with 419 and changes nothing', async () => {
    const order = await createOrder({ vendorCode: 'V0001' });
    const before = await responseSnapshot(order.id);
    const response = await respond(order.tinyMce, { header: { response: 'confirmed' } }, { xsrf: false });
    expect(response.status).toBe(419);
    expect(await responseSnapshot(order.id)).toEqual(before);
  });

  it('refuses a read-only retail user with 403', async () => {
    const order = await createOrder({ vendorCode: 'V0002', storeCode: 'S001' });
    const before = await responseSnapshot(order.id);
    const response = await respond(order.tinyMce, { header: { response: 'confirmed' } }, { email: RETAIL });
    expect(response.status).toBe(403);
    expect(await responseSnapshot(order.id)).toEqual(before);
  });
});

describe('PUT /orders/bulkResponse', () => {
  it('answers the fine orders and reports the responded and out-of-scope ones under failed', async () => {
    const a = await createOrder({ vendorCode: 'V0001' });
    const b = await createOrder({ vendorCode: 'V0002', lines: 3 });
    const done = await createOrder({
      vendorCode: 'V0001',
      respondedAt: new Date('2026-11-01T10:00:00Z'),
      wfStatusCode: 'confirmed',
      response: { response: 'confirmed' },
    });
    const foreign = await createOrder({ vendorCode: 'V0003' });
    const before = { done: await responseSnapshot(done.id), foreign: await responseSnapshot(foreign.id) };

    const response = await bulk({
      header: REJECT,
      bulkResponse: { [a.tinyMce]: a.docno, [done.tinyMce]: done.docno, [b.tinyMce]: b.docno, [foreign.tinyMce]: foreign.docno },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: `Response successfully submitted. Order [${done.docno}, ${foreign.docno}] could not be responded to.`,
      successful: `[${a.tinyMce},${b.tinyMce}]`,
      failed: `[${done.tinyMce},${foreign.tinyMce}]`,
    });
    for (const doc of [a, b]) {
      expect(await documentState(doc.id)).toMatchObject({
        wfStatusCode: 'rejected',
        response: { response: 'rejected', reason: 'minimum order value', supplierRef: 'ABC' },
        isRead: true,
      });
      expect(await auditCount(doc.id, 'responded')).toBe(1);
    }
    expect((await lineStates(b.id)).map((l) => l.response)).toEqual(['Rejected', 'Rejected', 'Rejected']);
    expect(await responseSnapshot(done.id)).toEqual(before.done);
    expect(await responseSnapshot(foreign.id)).toEqual(before.foreign);
  });

  it('fails only the orders whose kind, docno or existence does not fit', async () => {
    const po = await createOrder({ vendorCode: 'V0001' });
    const ret = await createOrder({ vendorCode: 'V0001', subType: 'return' });
    const mismatch = await createOrder({ vendorCode: 'V0001' });
    const note = await createDocument({ vendorCode: 'V0001', type: 'deliverynote' });
    const response = await bulk({
      header: { ...REJECT, reason: 'delivery date' },
      bulkResponse: {
        [po.tinyMce]: po.docno,
        [ret.tinyMce]: ret.docno,
        [mismatch.tinyMce]: 'PO-WRONG',
        [note.tinyMce]: note.docno,
        'no-such-order': 'PO-GHOST',
      },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.successful).toBe(`[${po.tinyMce}]`);
    expect(body.failed).toBe(`[${ret.tinyMce},${mismatch.tinyMce},${note.tinyMce},no-such-order]`);
    expect(body.message).toContain('PO-GHOST');
    expect((await documentState(po.id)).wfStatusCode).toBe('rejected');
    for (const doc of [ret, mismatch, note]) expect(await responseSnapshot(doc.id)).toMatchObject({ respondedAt: null, audit: 0 });
  });

  it('confirms many orders and reports all of them as successful', async () => {
    const orders = [await createOrder({ vendorCode: 'V0001' }), await createOrder({ vendorCode: 'V0002', subType: 'return' })];
    const response = await bulk({
      header: { response: 'confirmed' },
      bulkResponse: Object.fromEntries(orders.map((o) => [o.tinyMce, o.docno])),
    });
    expect(await response.json()).toEqual({
      message: 'Response successfully submitted',
      successful: `[${orders[0].tinyMce},${orders[1].tinyMce}]`,
      failed: '[]',
    });
    for (const o of orders) expect((await documentState(o.id)).wfStatusCode).toBe('confirmed');
  });

  it('refuses a retail user with 403: answering orders is the supplier’s act', async () => {
    const order = await createOrder({ vendorCode: 'V0002', storeCode: 'S001' });
    const response = await bulk({ header: { response: 'confirmed' }, bulkResponse: { [order.tinyMce]: order.docno } }, { email: RETAIL });
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe('Only the supplier’s own users may respond to its orders.');
    expect((await documentState(order.id)).respondedAt).toBeNull();
  });

  it.each([
    ['a line-level response', { header: { response: 'detailResponse' } }, 'Line-level responses are not possible in a bulk response.'],
    ['a rejection without a reason', { header: { response: 'rejected', supplierRef: 'X' } }, 'You need to select a reason'],
    [
      'a rejection without a supplier reference',
      { header: { response: 'rejected', reason: 'other' } },
      'You need to enter a supplier reference',
    ],
    [
      'an unknown reason',
      { header: { ...REJECT, reason: 'weather' } },
      'The reason must be one of: minimum order value, delivery date, collection date, discontinued/invalid item, other.',
    ],
  ])('refuses %s with 422 and changes nothing', async (_label, payload, message) => {
    const order = await createOrder({ vendorCode: 'V0001' });
    const response = await bulk({ ...payload, bulkResponse: { [order.tinyMce]: order.docno } });
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe(message);
    expect(await responseSnapshot(order.id)).toMatchObject({ respondedAt: null, audit: 0 });
  });

  it('refuses an empty selection with 422', async () => {
    const response = await bulk({ header: { response: 'confirmed' }, bulkResponse: {} });
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe('Select at least one order.');
  });

  it('refuses a request without X-XSRF-TOKEN with 419 and changes nothing', async () => {
    const order = await createOrder({ vendorCode: 'V0001' });
    const response = await bulk({ header: { response: 'confirmed' }, bulkResponse: { [order.tinyMce]: order.docno } }, { xsrf: false });
    expect(response.status).toBe(419);
    expect((await documentState(order.id)).respondedAt).toBeNull();
  });

  it('reports a V0001 order under failed for another supplier', async () => {
    const order = await createOrder({ vendorCode: 'V0001' });
    const response = await bulk({ header: { response: 'confirmed' }, bulkResponse: { [order.tinyMce]: order.docno } }, { email: OTHER });
    expect(await response.json()).toEqual({
      message: `Order [${order.docno}] could not be responded to.`,
      successful: '[]',
      failed: `[${order.tinyMce}]`,
    });
    expect((await documentState(order.id)).respondedAt).toBeNull();
  });
});

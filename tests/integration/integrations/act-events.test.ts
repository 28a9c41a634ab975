import { sql } from 'drizzle-orm';
import { db, pool } from '@/db/client';
import { events } from '@/db/schema';
import * as documentsRoute from '@/app/api/v1/documents/route';
import * as eventsRoute from '@/app/api/v1/events/route';
import * as v1UblRoute from '@/app/api/v1/invoices/[id]/ubl/route';
import { PUT as respondRoute } from '@/app/api/orders/[id]/route';
import { GET as dismissRoute } from '@/app/api/orders/dismiss/[id]/route';
import { POST as invoicesRoute } from '@/app/api/invoices/route';
import { POST as deliveryNotesRoute } from '@/app/api/deliverynotes/route';
import { todayInSouthAfrica } from '@/lib/domain/invoicing/invoice-date';
import { callRoute, sessionHeaders } from '../support/actors';
import { uniqueTag } from '../support/fixtures';
import { callV1, newIntegration, readFeedUntil, type FeedEvent } from '../support/integrations';
import { postForm } from '../support/invoicing';

// The feed waits for every older transaction on the server to end, other databases' tests' included (see readFeedUntil).
jest.setTimeout(60_000);

afterAll(() => pool.end());

const SUPPLIER = 'supplier@portal.test';
let key: string;
let otherKey: string;
beforeAll(async () => {
  ({ key } = await newIntegration({ subsidiaries: ['SUB01'] }));
  ({ key: otherKey } = await newIntegration({ subsidiaries: ['SUB02'], scopes: ['events:read'] }));
});

/** An order ingested through the API, as the retailer's system sends it. */
async function ingestedOrder(lines = 2) {
  const docno = `ACT${uniqueTag()}`;
  const { status, json } = await callV1(documentsRoute.POST, '/api/v1/documents', {
    key,
    method: 'POST',
    body: {
      type: 'order',
      docno,
      vendorCode: 'V0001',
      storeCode: 'S001',
      docDate: '2026-06-15',
      lines: Array.from({ length: lines }, (_, i) => ({
        lineNumber: i + 1,
        catalogueCode: `10100${i + 1}`,
        qty: 2,
        amount: '10.00',
        taxPercent: 15,
      })),
    },
  });
  expect(status).toBe(201);
  return { docno, tinyMce: json.tinyMce as string };
}

const respond = async (order: { tinyMce: string; docno: string }, header: Record<string, string>) =>
  callRoute(respondRoute, `/orders/${order.tinyMce}`, {
    method: 'PUT',
    headers: await sessionHeaders(SUPPLIER),
    params: { id: order.tinyMce },
    body: { orderResponse: { header, tinyMce: order.tinyMce, docno: order.docno } },
  });

/** The feed's events about one document (by its or its order's tinyMce), once `count` of them are there. */
async function feedEvents(tinyMce: string, count: number, withKey = key) {
  const about = (seen: FeedEvent[]) => seen.filter((e) => e.data.tinyMce === tinyMce || e.data.orderTinyMce === tinyMce);
  const { seen } = await readFeedUntil(eventsRoute.GET, withKey, (all) => about(all).length >= count);
  return about(seen);
}

describe('events of the suppliers’ acts, written with the act', () => {
  it('an order confirmed, then invoiced (with a link to its UBL), delivered and its invoicing dismissed', async () => {
    const order = await ingestedOrder();
    expect((await respond(order, { response: 'confirmed' })).status).toBe(200);
    const invoiceNumber = `I${uniqueTag()}`;
    const det = JSON.stringify([{ lineNumber: 1, qty: '1', amount: '10.00' }]);
    const base = { tinyMce: order.tinyMce, docno: order.docno, det };
    const deliveryNumber = `D${uniqueTag()}`;
    expect(
      (await postForm(deliveryNotesRoute, '/api/deliverynotes', SUPPLIER, { ...base, deliverynoteNumber: deliveryNumber })).status,
    ).toBe(201);
    const invoiced = await postForm(invoicesRoute, '/api/invoices', SUPPLIER, {
      ...base,
      invoiceNumber,
      xdocInvoicedate: todayInSouthAfrica(),
      deliverynoteNumber: deliveryNumber,
      toFollow: '1',
    });
    expect(invoiced.status).toBe(201);
    const dismissed = await callRoute(dismissRoute, `/orders/dismiss/${order.tinyMce}`, {
      headers: await sessionHeaders(SUPPLIER),
      params: { id: order.tinyMce },
    });
    expect(dismissed.status).toBe(200);

    const seen = await feedEvents(order.tinyMce, 5);
    expect(seen.map((e) => e.type)).toEqual([
      'document.ingested',
      'order.confirmed',
      'deliverynote.submitted',
      'invoice.submitted',
      'invoicing.dismissed',
    ]);
    const invoice = seen[3].data;
    expect(invoice).toMatchObject({ invoiceNumber, orderno: order.docno, totalIncl: '11.50', toFollow: true });
    const ubl = await callV1(v1UblRoute.GET, invoice.ubl as string, { key, params: { id: invoice.tinyMce as string } });
    expect(ubl.status).toBe(200);
    expect(ubl.text).toContain(`<cbc:ID>${invoiceNumber}</cbc:ID>`);
    // Another subsidiary's key sees none of it, and may not read the invoice.
    // Read to the feed's end once (the five events are committed: the first key saw them), not until a time-out:
    // waiting 50 s for an event that must never come made this test outlast its minute on a busy machine.
    expect(await feedEvents(order.tinyMce, 0, otherKey)).toEqual([]);
    expect((await callV1(v1UblRoute.GET, invoice.ubl as string, { key: otherKey, params: { id: invoice.tinyMce as string } })).status).toBe(
      404,
    );
  });

  it('an order rejected carries the reason', async () => {
    const rejected = await ingestedOrder();
    await respond(rejected, { response: 'rejected', reason: 'minimum order value', supplierRef: 'REF1' });
    const [, reject] = await feedEvents(rejected.tinyMce, 2);
    expect(reject).toMatchObject({
      type: 'order.rejected',
      data: { response: { response: 'rejected', reason: 'minimum order value', supplierRef: 'REF1' } },
    });
  });

  it('writes no event for an act that did not happen', async () => {
    const order = await ingestedOrder();
    await respond(order, { response: 'confirmed' });
    await respond(order, { response: 'rejected', reason: 'other', supplierRef: 'X' }); // already answered: refused
    const rows = await db
      .select({ type: events.type })
      .from(events)
      .where(sql`${events.data} ->> 'tinyMce' = ${order.tinyMce}`);
    expect(rows.map((r) => r.type)).toEqual(['document.ingested', 'order.confirmed']);
  });
});

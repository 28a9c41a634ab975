import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { GET as deliveryNotesRoute } from '@/app/api/delivery-notes/route';
import { GET as disputesRoute } from '@/app/api/disputes/route';
import { GET as returnedRoute } from '@/app/api/orders/returned/route';
import { GET as ordersRoute } from '@/app/api/orders/route';
import { GET as remittancesRoute } from '@/app/api/remittance-advices/route';
import { db, pool } from '@/db/client';
import { subsidiaries, xdocs } from '@/db/schema';
import { callRoute, sessionHeaders } from '../support/actors';
import { createDocument, createOrder, removeCreatedDocuments, storeByCode, uniqueTag, vendorByCode } from '../support/fixtures';

type Summary = Record<string, unknown> & { id: number; tinyMce: string; docno: string; docDate: string; vendorCode: string };
type Pager = { results: number; resultPage: number; totalPages: number; totalResults: number };
type ListBody = { xdocs: Summary[]; resultPager: Pager };

const SUPPLIER = 'supplier@portal.test';
const OTHER = 'other.supplier@portal.test';

afterAll(async () => {
  await removeCreatedDocuments();
  await pool.end();
});

async function list(handler: typeof ordersRoute, path: string, email = SUPPLIER): Promise<ListBody> {
  const response = await callRoute(handler, path, { headers: await sessionHeaders(email) });
  expect(response.status).toBe(200);
  return (await response.json()) as ListBody;
}

const docnos = (body: ListBody) => body.xdocs.map((x) => x.docno);

describe('GET /orders', () => {
  it('answers one open purchase order with the fields of a list row, and no more', async () => {
    const order = await createOrder({
      vendorCode: 'V0001',
      storeCode: 'S003',
      lines: 3,
      docDate: '2026-05-04',
      deliveryDate: '2026-05-11',
    });
    const store = await storeByCode('S003');
    const vendor = await vendorByCode('V0001');
    const body = await list(ordersRoute, `/api/orders?docno=${order.docno}`);
    expect(body.resultPager).toEqual({ results: 50, resultPage: 1, totalPages: 1, totalResults: 1 });
    expect(body.xdocs[0]).toEqual({
      id: order.id,
      tinyMce: order.tinyMce,
      docno: order.docno,
      orderno: order.docno,
      xdocTypeCode: 'order',
      xdocSubTypeCode: 'normal',
      isJab: false,
      orderType: 'stock',
      wfStatusCode: 'received',
      docDate: '2026-05-04',
      deliveryDate: '2026-05-11',
      totValue: '60.00',
      xdocTotalIncl: '69.00',
      branchName: store.name,
      storeCode: 'S003',
      vendorCode: 'V0001',
      vendorName: vendor.name,
      lineCount: 3,
      reasonCode: null,
      reasonLabel: null,
      respondedAt: null,
      xdocDescr: null,
      custaccountName: expect.any(String),
      custaccountTinyMce: expect.any(String),
    });
  });

  it('leaves out return orders and orders already responded to', async () => {
    const group = `PO${uniqueTag()}`;
    await createOrder({ vendorCode: 'V0001', docno: `${group}-OPEN` });
    await createOrder({ vendorCode: 'V0001', docno: `${group}-RET`, subType: 'return' });
    await createOrder({ vendorCode: 'V0001', docno: `${group}-DONE`, respondedAt: new Date(), wfStatusCode: 'confirmed' });
    expect(docnos(await list(ordersRoute, `/api/orders?docno=${group}`))).toEqual([`${group}-OPEN`]);
  });

  it('filters by docno prefix (any case), store, sub type, order type, dates, subsidiary and region', async () => {
    const group = `PO${uniqueTag()}`;
    const a = await createOrder({
      vendorCode: 'V0001',
      docno: `${group}-A`,
      storeCode: 'S001',
      subType: 'normal',
      orderType: 'stock',
      docDate: '2026-03-01',
      deliveryDate: '2026-03-05',
    });
    const b = await createOrder({
      vendorCode: 'V0002',
      docno: `${group}-B`,
      storeCode: 'S002',
      subType: 'direct',
      orderType: 'promotion',
      docDate: '2026-03-10',
      deliveryDate: '2026-03-20',
    });
    const c = await createOrder({
      vendorCode: 'V0001',
      docno: `${group}-C`,
      storeCode: 'S020',
      subType: 'jab',
      orderType: 'non-stock',
      docDate: '2026-03-20',
      deliveryDate: '2026-03-25',
    });
    const [sub02] = await db.select().from(subsidiaries).where(eq(subsidiaries.id, c.subsidiaryId));
    const q = (filters: string) => list(ordersRoute, `/api/orders?docno=${group.toLowerCase()}&${filters}`).then(docnos);

    expect(await q('')).toEqual([`${group}-C`, `${group}-B`, `${group}-A`]);
    expect(await list(ordersRoute, `/api/orders?docno=${group}-b`).then(docnos)).toEqual([`${group}-B`]);
    expect(await q(`store=${b.storeId}`)).toEqual([`${group}-B`]);
    expect(await q('xdocTypeSubCode=jab')).toEqual([`${group}-C`]);
    expect(await q('orderType=promotion')).toEqual([`${group}-B`]);
    expect(await q('fromDate=2026-03-05&toDate=2026-03-15')).toEqual([`${group}-B`]);
    expect(await q('dateFrom=2026-03-05&dateTo=2026-03-15')).toEqual([`${group}-B`]);
    expect(await q('deliveryDateFrom=2026-03-15')).toEqual([`${group}-C`, `${group}-B`]);
    expect(await q('deliveryDateTo=2026-03-05')).toEqual([`${group}-A`]);
    expect(await q(`custaccountTinyMce=${sub02.tinyMce}`)).toEqual([`${group}-C`]);
    expect(await q(`region=${a.regionId}`)).toEqual([`${group}-B`, `${group}-A`]);
    // Empty filters mean "no filter", as the screens send them.
    expect(await q('store=&xdocTypeSubCode=&fromDate=')).toHaveLength(3);
    const jab = (await list(ordersRoute, `/api/orders?docno=${group}-C`)).xdocs[0];
    expect(jab.isJab).toBe(true);
  });

  it('pages newest first with an exact total that matches the database', async () => {
    const v1 = await vendorByCode('V0001');
    const v2 = await vendorByCode('V0002');
    for (let i = 0; i < 12; i += 1)
      await createOrder({ vendorCode: i % 2 ? 'V0001' : 'V0002', docDate: `2026-02-${String(i + 1).padStart(2, '0')}` });
    const [{ n: expected }] = await db
      .select({ n: count() })
      .from(xdocs)
      .where(
        and(
          inArray(xdocs.vendorId, [v1.id, v2.id]),
          eq(xdocs.xdocTypeCode, 'order'),
          isNull(xdocs.respondedAt),
          sql`${xdocs.xdocSubTypeCode} is distinct from 'return'`,
        ),
      );

    const page1 = await list(ordersRoute, '/api/orders?results=5');
    const page2 = await list(ordersRoute, '/api/orders?results=5&page=2');
    expect(page1.resultPager).toEqual({ results: 5, resultPage: 1, totalPages: Math.ceil(expected / 5), totalResults: expected });
    expect(page2.resultPager).toEqual({ results: 5, resultPage: 2, totalPages: Math.ceil(expected / 5), totalResults: expected });
    expect(page1.xdocs).toHaveLength(5);
    expect(page2.xdocs).toHaveLength(5);
    const ids1 = page1.xdocs.map((x) => x.id);
    expect(page2.xdocs.some((x) => ids1.includes(x.id))).toBe(false);

    const all = [...page1.xdocs, ...page2.xdocs];
    for (let i = 1; i < all.length; i += 1) {
      const [prev, cur] = [all[i - 1], all[i]];
      expect(prev.docDate > cur.docDate || (prev.docDate === cur.docDate && prev.id > cur.id)).toBe(true);
    }
    expect(all.every((x) => x.vendorCode === 'V0001' || x.vendorCode === 'V0002')).toBe(true);

    const lastPage = Math.ceil(expected / 5);
    const last = await list(ordersRoute, `/api/orders?results=5&page=${lastPage}`);
    expect(last.xdocs).toHaveLength(expected - (lastPage - 1) * 5);
    expect(last.resultPager.totalResults).toBe(expected);
    const beyond = await list(ordersRoute, `/api/orders?results=5&page=${lastPage + 1}`);
    expect(beyond.xdocs).toEqual([]);
    expect(beyond.resultPager).toEqual({ results: 5, resultPage: lastPage + 1, totalPages: lastPage, totalResults: expected });
  });

  it.each([
    ['page=0', 'page must be at least 1.'],
    ['results=10000', 'results must be at most 500.'],
    ['results=0', 'results must be at least 1.'],
    ['page=abc', 'page must be a number.'],
    ['xdocTypeSubCode=bogus', 'xdocTypeSubCode must be one of: direct, semi direct, normal, jab, return.'],
    ['fromDate=2026-02-30', 'fromDate is not a valid date.'],
    ['deliveryDateTo=21-11-2026', 'deliveryDateTo must be a date as yyyy-mm-dd.'],
  ])('refuses %s with 422 and a message', async (qs, message) => {
    const response = await callRoute(ordersRoute, `/api/orders?${qs}`, { headers: await sessionHeaders(SUPPLIER) });
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe(message);
  });

  it('answers 401 without a session', async () => {
    const response = await callRoute(ordersRoute, '/api/orders');
    expect(response.status).toBe(401);
  });
});

describe('GET /orders/returned', () => {
  it('lists open return orders, or with responded=true the answered ones', async () => {
    const group = `RO${uniqueTag()}`;
    await createOrder({ vendorCode: 'V0002', docno: `${group}-OPEN`, subType: 'return' });
    await createOrder({
      vendorCode: 'V0002',
      docno: `${group}-DONE`,
      subType: 'return',
      respondedAt: new Date(),
      wfStatusCode: 'confirmed',
    });
    await createOrder({ vendorCode: 'V0002', docno: `${group}-PO`, subType: 'normal' });
    const open = await list(returnedRoute, `/api/orders/returned?docno=${group}`);
    expect(docnos(open)).toEqual([`${group}-OPEN`]);
    expect(open.xdocs[0].xdocSubTypeCode).toBe('return');
    const responded = await list(returnedRoute, `/api/orders/returned?docno=${group}&responded=true`);
    expect(docnos(responded)).toEqual([`${group}-DONE`]);
    expect(responded.xdocs[0].respondedAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
  });

  it('refuses a responded flag that is not a boolean', async () => {
    const response = await callRoute(returnedRoute, '/api/orders/returned?responded=maybe', { headers: await sessionHeaders(SUPPLIER) });
    expect(response.status).toBe(422);
  });
});

describe('unread lists', () => {
  it('lists unread delivery notes only, filtered by store and document date', async () => {
    const group = `DN${uniqueTag()}`;
    const a = await createDocument({
      vendorCode: 'V0001',
      type: 'deliverynote',
      docno: `${group}-A`,
      storeCode: 'S004',
      docDate: '2026-04-01',
    });
    await createDocument({ vendorCode: 'V0001', type: 'deliverynote', docno: `${group}-B`, storeCode: 'S005', docDate: '2026-04-10' });
    await createDocument({ vendorCode: 'V0001', type: 'deliverynote', docno: `${group}-READ`, isRead: true });
    expect(docnos(await list(deliveryNotesRoute, `/api/delivery-notes?docno=${group}`))).toEqual([`${group}-B`, `${group}-A`]);
    expect(docnos(await list(deliveryNotesRoute, `/api/delivery-notes?docno=${group}&store=${a.storeId}`))).toEqual([`${group}-A`]);
    expect(docnos(await list(deliveryNotesRoute, `/api/delivery-notes?docno=${group}&fromDate=2026-04-05`))).toEqual([`${group}-B`]);
    expect(docnos(await list(deliveryNotesRoute, `/api/delivery-notes?docno=${group}&dateTo=2026-04-05`))).toEqual([`${group}-A`]);
  });

  it('lists unread disputes with their reason labels', async () => {
    const group = `DSP${uniqueTag()}`;
    await createDocument({ vendorCode: 'V0002', type: 'dispute', docno: `${group}-Q`, reasonCode: 'Q', docDate: '2026-04-03' });
    await createDocument({ vendorCode: 'V0002', type: 'dispute', docno: `${group}-O`, reasonCode: 'O', docDate: '2026-04-02' });
    await createDocument({ vendorCode: 'V0002', type: 'dispute', docno: `${group}-U`, reasonCode: 'U', docDate: '2026-04-01' });
    await createDocument({ vendorCode: 'V0002', type: 'dispute', docno: `${group}-READ`, reasonCode: 'Q', isRead: true });
    const body = await list(disputesRoute, `/api/disputes?docno=${group}`);
    expect(body.xdocs.map((x) => [x.docno, x.reasonCode, x.reasonLabel])).toEqual([
      [`${group}-Q`, 'Q', 'Quantity Overcharge'],
      [`${group}-O`, 'O', 'Price Overcharge'],
      [`${group}-U`, 'U', 'Quantity Undercharge'],
    ]);
  });

  it('answers remittances as { resultPager, xdocs: { xdoc } } with unread ones only', async () => {
    const group = `RA${uniqueTag()}`;
    for (let i = 1; i <= 3; i += 1)
      await createDocument({ vendorCode: 'V0001', type: 'remittance', docno: `${group}-${i}`, docDate: `2026-04-0${i}` });
    await createDocument({ vendorCode: 'V0001', type: 'remittance', docno: `${group}-READ`, isRead: true });
    const response = await callRoute(remittancesRoute, `/api/remittance-advices?docno=${group}&results=2&page=2`, {
      headers: await sessionHeaders(SUPPLIER),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { resultPager: Pager; xdocs: { xdoc: Summary[] } };
    expect(Object.keys(body)).toEqual(['resultPager', 'xdocs']);
    expect(body.resultPager).toEqual({ results: 2, resultPage: 2, totalPages: 2, totalResults: 3 });
    expect(body.xdocs.xdoc.map((x) => x.docno)).toEqual([`${group}-1`]);
  });
});

describe('scope of the inbox lists', () => {
  it("shows another supplier none of V0001's documents, in any list", async () => {
    const group = `SC${uniqueTag()}`;
    await createOrder({ vendorCode: 'V0001', docno: `${group}-PO` });
    await createOrder({ vendorCode: 'V0001', docno: `${group}-RO`, subType: 'return' });
    await createDocument({ vendorCode: 'V0001', type: 'deliverynote', docno: `${group}-DN` });
    await createDocument({ vendorCode: 'V0001', type: 'dispute', docno: `${group}-DSP`, reasonCode: 'Q' });
    await createDocument({ vendorCode: 'V0001', type: 'remittance', docno: `${group}-RA` });
    const own = await createOrder({ vendorCode: 'V0003', docno: `${group}-OWN` });

    const asOther = async (handler: typeof ordersRoute, path: string) => {
      const body = (await list(handler, path, OTHER)) as unknown as { xdocs: Summary[] | { xdoc: Summary[] } };
      return Array.isArray(body.xdocs) ? body.xdocs : body.xdocs.xdoc;
    };
    expect((await asOther(ordersRoute, `/api/orders?docno=${group}`)).map((x) => x.docno)).toEqual([own.docno]);
    for (const [handler, path] of [
      [returnedRoute, '/api/orders/returned'],
      [deliveryNotesRoute, '/api/delivery-notes'],
      [disputesRoute, '/api/disputes'],
      [remittancesRoute, '/api/remittance-advices'],
    ] as const) {
      expect(await asOther(handler, `${path}?docno=${group}`)).toEqual([]);
      const unfiltered = await asOther(handler, `${path}?results=500`);
      expect(unfiltered.every((x) => x.vendorCode === 'V0003')).toBe(true);
    }
    const unfilteredOrders = await asOther(ordersRoute, '/api/orders?results=500');
    expect(unfilteredOrders.length).toBeGreaterThan(0);
    expect(unfilteredOrders.every((x) => x.vendorCode === 'V0003')).toBe(true);

    // The owner does see them: the filter above is not simply empty.
    expect(docnos(await list(deliveryNotesRoute, `/api/delivery-notes?docno=${group}`))).toEqual([`${group}-DN`]);
  });
});

import { GET as ordersRoute } from '@/app/api/orders/route';
import { GET as returnedRoute } from '@/app/api/orders/returned/route';
import { GET as remittancesRoute } from '@/app/api/remittance-advices/route';
import { PUT as respondRoute } from '@/app/api/orders/[id]/route';
import { PUT as markReadRoute } from '@/app/api/xdocs/[id]/route';
import { pool } from '@/db/client';
import { callRoute, sessionHeaders } from '../support/actors';
import { createDocument, createOrder, removeCreatedDocuments } from '../support/fixtures';

/*
 * Unfiltered inbox totals come from inbox_counts, kept by a trigger on xdocs. These tests hold the
 * counters to the truth: after every kind of change they must equal a fresh count of the documents.
 */
const SUPPLIER = 'supplier@portal.test';

afterAll(async () => {
  await removeCreatedDocuments();
  await assertCountersExact();
  await pool.end();
});

async function assertCountersExact(): Promise<void> {
  const { rows } = await pool.query(`
    select coalesce(c.vendor_id, t.vendor_id) as vendor_id, coalesce(c.list, t.list) as list, coalesce(c.store_id, t.store_id) as store_id,
           coalesce(c.total, 0) as kept, coalesce(t.total, 0) as actual
      from inbox_counts c
      full join (select vendor_id, list, store_id, count(*)::int as total
                   from (select vendor_id, inbox_list_of(xdoc_type_code, xdoc_sub_type_code, responded_at, is_read) as list,
                                coalesce(store_id, 0) as store_id from xdocs
                         union all
                         select vendor_id, invoicing_list_of(xdoc_type_code, xdoc_sub_type_code, responded_at, wf_status_code, invoicing_closed_at),
                                coalesce(store_id, 0) from xdocs) d
                  group by 1, 2, 3) t on t.vendor_id = c.vendor_id and t.list = c.list and t.store_id = c.store_id
     where t.list is not null or c.list is not null`);
  const wrong = rows.filter((r) => Number(r.kept) !== Number(r.actual));
  expect(wrong).toEqual([]);
  expect(rows.length).toBeGreaterThan(0);
}

async function total(handler: typeof ordersRoute, path: string): Promise<number> {
  const response = await callRoute(handler, path, { headers: await sessionHeaders(SUPPLIER) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { resultPager: { totalResults: number } }).resultPager.totalResults;
}

/** The same total counted straight from the documents, for the supplier's vendors V0001 and V0002. */
async function counted(predicate: string): Promise<number> {
  const { rows } = await pool.query(
    `select count(*)::int as n from xdocs x join vendors v on v.id = x.vendor_id where v.code in ('V0001', 'V0002') and ${predicate}`,
  );
  return rows[0].n;
}

const OPEN_PURCHASE = `x.xdoc_type_code = 'order' and x.responded_at is null and x.xdoc_sub_type_code is distinct from 'return'`;
const OPEN_RETURN = `x.xdoc_type_code = 'order' and x.responded_at is null and x.xdoc_sub_type_code = 'return'`;
const UNREAD_REMITTANCE = `x.xdoc_type_code = 'remittance' and x.is_read = false`;

it('starts exact after migration and seed', async () => {
  await assertCountersExact();
  expect(await total(ordersRoute, '/api/orders?results=1')).toBe(await counted(OPEN_PURCHASE));
  expect(await total(returnedRoute, '/api/orders/returned?results=1')).toBe(await counted(OPEN_RETURN));
  expect(await total(remittancesRoute, '/api/remittance-advices?results=1')).toBe(await counted(UNREAD_REMITTANCE));
});

it('follows new documents, responses and mark-as-read, in the same transaction', async () => {
  const before = await total(ordersRoute, '/api/orders?results=1');
  const order = await createOrder({ vendorCode: 'V0001', lines: 2 });
  const returnOrder = await createOrder({ vendorCode: 'V0002', lines: 1, subType: 'return' });
  const remittance = await createDocument({ vendorCode: 'V0001', type: 'remittance', isRead: false });
  expect(await total(ordersRoute, '/api/orders?results=1')).toBe(before + 1);
  await assertCountersExact();

  const headers = { ...(await sessionHeaders(SUPPLIER)), 'content-type': 'application/json' };
  const responded = await callRoute(respondRoute, `/api/orders/${order.tinyMce}`, {
    method: 'PUT',
    headers,
    params: { id: order.tinyMce },
    body: { orderResponse: { header: { response: 'confirmed' } } },
  });
  expect(responded.status).toBe(200);
  expect(await total(ordersRoute, '/api/orders?results=1')).toBe(before);

  const read = await callRoute(markReadRoute, `/api/xdocs/${remittance.tinyMce}`, {
    method: 'PUT',
    headers,
    params: { id: remittance.tinyMce },
    body: { confirm: true },
  });
  expect(read.status).toBe(200);
  await assertCountersExact();
  expect(await total(returnedRoute, '/api/orders/returned?results=1')).toBe(await counted(OPEN_RETURN));
  expect(returnOrder.id).toBeGreaterThan(0);
});

it('follows a document moved to another vendor or store, and deleted documents', async () => {
  const order = await createOrder({ vendorCode: 'V0001', lines: 1 });
  await pool.query(`update xdocs set vendor_id = (select id from vendors where code = 'V0004') where id = $1`, [order.id]);
  await assertCountersExact();
  await pool.query(`update xdocs set store_id = (select max(id) from stores where id <> xdocs.store_id) where id = $1`, [order.id]);
  await assertCountersExact();
  await pool.query('update xdocs set store_id = null where id = $1', [order.id]);
  await assertCountersExact();
  await pool.query('delete from xdocs where id = $1', [order.id]);
  await assertCountersExact();
});

it('totals a store-filtered list from the counters, exactly, and follows a response', async () => {
  const order = await createOrder({ vendorCode: 'V0002', lines: 1 });
  const store = order.storeId;
  const before = await total(ordersRoute, `/api/orders?results=1&store=${store}`);
  expect(before).toBe(await counted(`${OPEN_PURCHASE} and x.store_id = ${store}`));
  await pool.query('update xdocs set responded_at = now() where id = $1', [order.id]);
  expect(await total(ordersRoute, `/api/orders?results=1&store=${store}`)).toBe(before - 1);
});

it('counts rows when another filter is set, and agrees with the documents', async () => {
  const { rows } = await pool.query(`select id from stores order by id limit 1`);
  const store = rows[0].id;
  const path = `/api/orders?results=1&store=${store}&deliveryDateFrom=2000-01-01`;
  expect(await total(ordersRoute, path)).toBe(
    await counted(`${OPEN_PURCHASE} and x.store_id = ${store} and x.delivery_date >= '2000-01-01'`),
  );
});

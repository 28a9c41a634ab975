import { pool } from '@/db/client';
import { listOpenOrders, listUnreadRemittances } from '@/lib/domain/inbox/queries';
import { inboxFilterSchema } from '@/lib/domain/inbox/schemas';
import { PUT as respondRoute } from '@/app/api/orders/[id]/route';
import { PUT as markReadRoute } from '@/app/api/xdocs/[id]/route';
import { actorFor, callRoute, sessionHeaders } from './support/actors';
import { createDocument, createOrder, removeCreatedDocuments } from './support/fixtures';

/*
 * Inbox pages are kept in memory while the version counters of their vendors stand still
 * (lib/domain/inbox/page-cache.ts). A kept page is returned as the very same object, which is how
 * these tests tell a reuse from a recomputation; every kind of change must force a fresh, correct page.
 * Each test uses a store of its own (S030+) so its pages hold only its own documents.
 */
const SUPPLIER = 'supplier@portal.test';

afterAll(async () => {
  delete process.env.INBOX_PAGE_CACHE;
  await removeCreatedDocuments();
  await pool.end();
});

async function storeId(code: string): Promise<number> {
  const { rows } = await pool.query('select id from stores where code = $1', [code]);
  return rows[0].id;
}

async function ordersAt(store: number, email = SUPPLIER) {
  return listOpenOrders(await actorFor(email), inboxFilterSchema.parse({ store: String(store), results: '50' }));
}

it('reuses a page while nothing changed, and not once a document of its vendors is added', async () => {
  const store = await storeId('S030');
  const first = await ordersAt(store);
  expect(await ordersAt(store)).toBe(first);

  const order = await createOrder({ vendorCode: 'V0001', storeCode: 'S030', lines: 2 });
  const after = await ordersAt(store);
  expect(after).not.toBe(first);
  expect(after.resultPager.totalResults).toBe(first.resultPager.totalResults + 1);
  expect(after.xdocs.map((d) => d.id)).toContain(order.id);
});

it('is not disturbed by another vendor’s changes, and never crosses scopes', async () => {
  const store = await storeId('S031');
  const mine = await ordersAt(store);
  await createOrder({ vendorCode: 'V0004', storeCode: 'S031', lines: 1 });
  expect(await ordersAt(store)).toBe(mine);

  const theirs = await ordersAt(store, 'other.supplier@portal.test');
  expect(theirs).not.toBe(mine);
  const ours = new Set(mine.xdocs.map((d) => d.vendorCode));
  for (const doc of theirs.xdocs) expect(ours.has(doc.vendorCode)).toBe(false);
});

it('follows a response, a changed field, a new line and a renamed store', async () => {
  const store = await storeId('S032');
  const order = await createOrder({ vendorCode: 'V0002', storeCode: 'S032', lines: 1 });
  const other = await createOrder({ vendorCode: 'V0002', storeCode: 'S032', lines: 1 });
  const before = await ordersAt(store);
  expect(before.xdocs.map((d) => d.id)).toEqual(expect.arrayContaining([order.id, other.id]));

  const headers = await sessionHeaders(SUPPLIER);
  const responded = await callRoute(respondRoute, `/api/orders/${order.tinyMce}`, {
    method: 'PUT',
    headers,
    params: { id: order.tinyMce },
    body: { orderResponse: { header: { response: 'confirmed' } } },
  });
  expect(responded.status).toBe(200);
  const afterResponse = await ordersAt(store);
  expect(afterResponse.xdocs.map((d) => d.id)).not.toContain(order.id);

  await pool.query(`update xdocs set delivery_date = '2031-01-02' where id = $1`, [other.id]);
  expect((await ordersAt(store)).xdocs.find((d) => d.id === other.id)?.deliveryDate).toBe('2031-01-02');

  const linesBefore = (await ordersAt(store)).xdocs.find((d) => d.id === other.id)!.lineCount;
  await pool.query(
    `insert into xdoc_lines (xdoc_id, line_number, catalogue_code)
     select xdoc_id, line_number + 1, catalogue_code from xdoc_lines where xdoc_id = $1 order by line_number desc limit 1`,
    [other.id],
  );
  expect((await ordersAt(store)).xdocs.find((d) => d.id === other.id)!.lineCount).toBe(linesBefore + 1);

  const { rows } = await pool.query('select name from stores where id = $1', [store]);
  try {
    await pool.query(`update stores set name = 'Renamed for the cache test' where id = $1`, [store]);
    expect((await ordersAt(store)).xdocs[0].branchName).toBe('Renamed for the cache test');
  } finally {
    await pool.query('update stores set name = $1 where id = $2', [rows[0].name, store]);
  }
});

it('follows mark-as-read on the unread lists', async () => {
  const remittance = await createDocument({ vendorCode: 'V0001', type: 'remittance', isRead: false, storeCode: 'S033' });
  const actor = await actorFor(SUPPLIER);
  const filter = inboxFilterSchema.parse({ store: String(await storeId('S033')) });
  const before = await listUnreadRemittances(actor, filter);
  expect(before.xdocs.xdoc.map((d) => d.id)).toContain(remittance.id);

  const headers = await sessionHeaders(SUPPLIER);
  const read = await callRoute(markReadRoute, `/api/xdocs/${remittance.tinyMce}`, {
    method: 'PUT',
    headers,
    params: { id: remittance.tinyMce },
    body: { confirm: true },
  });
  expect(read.status).toBe(200);
  const after = await listUnreadRemittances(actor, filter);
  expect(after.xdocs.xdoc.map((d) => d.id)).not.toContain(remittance.id);
  expect(after.resultPager.totalResults).toBe(before.resultPager.totalResults - 1);
});

it('computes every time when turned off', async () => {
  process.env.INBOX_PAGE_CACHE = 'off';
  const store = await storeId('S030');
  const first = await ordersAt(store);
  const second = await ordersAt(store);
  expect(second).not.toBe(first);
  expect(second).toEqual(first);
});

import { GET as itemChangesRoute } from '@/app/api/changes/item/route';
import { GET as pricingChangesRoute } from '@/app/api/changes/pricing/item/route';
import { GET as itemsRoute } from '@/app/api/items/route';
import { GET as historyRoute } from '@/app/api/masterdata/history/route';
import { GET as pricingRoute } from '@/app/api/pricing/item/route';
import { pool } from '@/db/client';
import { callRoute, sessionHeaders } from '../support/actors';

/**
 * Issue 26: the item, pricing, change and master-data lists sort on the server over every page
 * (`sort` + `direction`, lib/domain/sorting.ts), so the address can hold a sort that a reload keeps.
 */
const STAFF = 'staff@portal.test';
type Page<T> = { data: T[]; total: number };

async function get(handler: typeof itemsRoute, path: string): Promise<Response> {
  return callRoute(handler, path, { headers: await sessionHeaders(STAFF) });
}
async function rowsOf<T>(handler: typeof itemsRoute, path: string, key: string): Promise<T[]> {
  const response = await get(handler, path);
  expect(response.status).toBe(200);
  return ((await response.json()) as Record<string, Page<T>>)[key].data;
}

/** Portal staff read every vendor's catalogue (docs/architecture.md, "Who may do what"). */
const VISIBLE_TO_STAFF = 'true';
/** Two pages read one after the other, as the list shows them. */
async function twoPages<T>(handler: typeof itemsRoute, path: string, key: string): Promise<T[]> {
  return [...(await rowsOf<T>(handler, `${path}&page=1`, key)), ...(await rowsOf<T>(handler, `${path}&page=2`, key))];
}

afterAll(async () => {
  await pool.end();
});

it('sorts items by description, descending, across pages', async () => {
  const rows = await twoPages<{ id: number; descr: string }>(itemsRoute, '/api/items?sort=descr&direction=desc&pageLimit=25', 'items');
  expect(rows).toHaveLength(50);
  expect(new Set(rows.map((r) => r.id)).size).toBe(50);
  // The database's own order (its collation decides how words compare), as the list's query asks for it.
  const { rows: expected } = await pool.query<{ id: number }>(
    `select i.id from items i where ${VISIBLE_TO_STAFF} order by i.descr desc nulls first, i.id desc limit 50`,
  );
  expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
});

it('sorts prices by vendor, and refuses a sort the list does not offer', async () => {
  const rows = await twoPages<{ vendorCode: string }>(
    pricingRoute,
    '/api/pricing/item?sort=vendorCode&direction=desc&pageLimit=25',
    'pricings',
  );
  const codes = rows.map((r) => r.vendorCode);
  expect(codes).toEqual([...codes].sort().reverse());
  expect(codes[0]).not.toBe('V0001');
  expect((await get(pricingRoute, '/api/pricing/item?sort=costPrice')).status).toBe(422);
});

it('sorts item and pricing changes by vendor and by when they were requested', async () => {
  for (const [handler, path] of [
    [itemChangesRoute, '/api/changes/item'],
    [pricingChangesRoute, '/api/changes/pricing/item'],
  ] as const) {
    const byVendor = await rowsOf<{ vendor: { code: string } }>(handler, `${path}?sort=vendor&direction=desc&pageLimit=250`, 'changes');
    const codes = byVendor.map((r) => r.vendor.code);
    expect(codes).toEqual([...codes].sort().reverse());
    const byTime = await rowsOf<{ created_at: string }>(handler, `${path}?sort=createdAt&pageLimit=250`, 'changes');
    const times = byTime.map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  }
});

it('sorts master-data records by kind, and newest first without a sort', async () => {
  const byKind = await rowsOf<{ event_type: string }>(historyRoute, '/api/masterdata/history?sort=event_type&pageLimit=250', 'histories');
  const kinds = byKind.map((r) => r.event_type);
  expect(kinds).toEqual([...kinds].sort());
  expect(new Set(kinds).size).toBeGreaterThan(1);
  const plain = await rowsOf<{ created_at: string }>(historyRoute, '/api/masterdata/history?pageLimit=250', 'histories');
  const times = plain.map((r) => Date.parse(r.created_at));
  expect(times).toEqual([...times].sort((a, b) => b - a));
});

import { and, countDistinct, eq, inArray } from 'drizzle-orm';
import { POST as exportItemsRoute } from '@/app/api/items/export/route';
import { GET as itemsRoute } from '@/app/api/items/route';
import { GET as pricingRoute } from '@/app/api/pricing/item/route';
import { POST as exportPricingsRoute } from '@/app/api/pricings/export/route';
import { db, pool } from '@/db/client';
import { itemChanges, items, pricings, userActivities, vendors } from '@/db/schema';
import { callRoute, sessionHeaders, userId } from '../support/actors';
import { POST as pricingsUploadRoute } from '@/app/api/pricings/upload/route';
import { closeTestQueue, postUpload, removeCatalogueWork, rowsOfXlsx, xlsxOf } from '../support/catalogue';

const SUPPLIER = 'supplier@portal.test';
const OTHER = 'other.supplier@portal.test';
const STAFF = 'staff@portal.test';
const PRICING_HEADER = ['vendorCode', 'catalogueCode', 'costPrice', 'effectiveFrom'];

type Page<T> = { data: T[]; per_page: number; current_page: number; last_page: number; total: number };
type Item = { id: number; vendorCode: string; catalogueCode: string; status: string; active: boolean };
type Pricing = { id: number; itemId: number; vendorCode: string; catalogueCode: string; costPrice: string; status: string };

async function get<T>(handler: typeof itemsRoute, path: string, email = SUPPLIER): Promise<T> {
  const response = await callRoute(handler, path, { headers: await sessionHeaders(email) });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const itemList = (query: string, email = SUPPLIER) =>
  get<{ items: Page<Item>; vendor_items: Page<{ code: string; items: number }> }>(itemsRoute, `/api/items?${query}`, email);
const pricingList = (query: string, email = SUPPLIER) =>
  get<{ pricings: Page<Pricing>; items: { data: { id: number }[]; total: number } }>(pricingRoute, `/api/pricing/item?${query}`, email);

async function idsOfVendor(code: string): Promise<number[]> {
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .innerJoin(vendors, eq(vendors.id, items.vendorId))
    .where(eq(vendors.code, code))
    .orderBy(items.id);
  return rows.map((r) => r.id);
}

afterAll(async () => {
  await removeCatalogueWork([await userId(SUPPLIER)]);
  await closeTestQueue();
  await pool.end();
});

describe('GET /items', () => {
  it('answers a page of 10 of the supplier’s items and the vendors they belong to', async () => {
    const body = await itemList('');
    expect(body.items).toMatchObject({ per_page: 10, current_page: 1, total: 40, last_page: 4 });
    expect(body.items.data).toHaveLength(10);
    expect(new Set(body.items.data.map((i) => i.vendorCode))).toEqual(new Set(['V0001']));
    expect(body.vendor_items.data.map((v) => [v.code, v.items])).toEqual([
      ['V0001', 20],
      ['V0002', 20],
    ]);
  });

  it('pages through a vendor’s items without repeating one', async () => {
    const first = await itemList('searchCode=V0001&pageLimit=15');
    const second = await itemList('searchCode=V0001&pageLimit=15&page=2');
    expect(first.items).toMatchObject({ total: 20, last_page: 2, per_page: 15 });
    expect(second.items.data).toHaveLength(5);
    const codes = [...first.items.data, ...second.items.data].map((i) => i.catalogueCode);
    expect(new Set(codes).size).toBe(20);
  });

  it('finds an item by part of its code, description or barcode', async () => {
    expect((await itemList('search=101005')).items.data.map((i) => i.catalogueCode)).toEqual(['101005']);
    const [item] = await db.select().from(items).where(eq(items.catalogueCode, '101007'));
    expect((await itemList(`search=${item.barcode}`)).items.data.map((i) => i.catalogueCode)).toEqual(['101007']);
    expect((await itemList(`search=${encodeURIComponent(item.descr.toUpperCase())}`)).items.total).toBeGreaterThanOrEqual(1);
  });

  it('filters by item state: a vendor’s discontinued item is only among the inactive ones', async () => {
    const inactive = await itemList('searchCode=V0005&active=inactive', STAFF);
    expect(inactive.items.data.map((i) => [i.catalogueCode, i.active])).toEqual([['105020', false]]);
    expect((await itemList('searchCode=V0005&active=active', STAFF)).items.total).toBe(19);
    expect((await itemList('searchCode=V0005&active=false', STAFF)).items.total).toBe(1);
  });

  it('status=pending lists exactly the items with a change awaiting approval', async () => {
    const vendorIds = (
      await db
        .select({ id: vendors.id })
        .from(vendors)
        .where(inArray(vendors.code, ['V0001', 'V0002']))
    ).map((v) => v.id);
    const [{ pending }] = await db
      .select({ pending: countDistinct(itemChanges.itemId) })
      .from(itemChanges)
      .where(and(eq(itemChanges.status, 'pending'), inArray(itemChanges.vendorId, vendorIds)));
    expect(pending).toBeGreaterThan(0);
    const body = await itemList('status=pending&pageLimit=100');
    expect(body.items.total).toBe(pending);
    expect(body.items.data.every((i) => i.status === 'pending')).toBe(true);
    expect((await itemList('status=approved&pageLimit=100')).items.total).toBe(40 - pending);
  });

  it('shows other.supplier none of V0001’s items, and staff every vendor’s', async () => {
    expect((await itemList('searchCode=V0001', OTHER)).items.total).toBe(0);
    expect((await itemList(`search=101001`, OTHER)).items.total).toBe(0);
    const own = await itemList('pageLimit=100', OTHER);
    expect(own.items.total).toBe(20);
    expect(new Set(own.items.data.map((i) => i.vendorCode))).toEqual(new Set(['V0003']));
    expect((await itemList('searchCode=V0003', STAFF)).items.total).toBe(20);
  });

  it('refuses a page size over 250 and an unknown status with 422', async () => {
    for (const query of ['pageLimit=251', 'status=done', 'active=maybe', 'page=0']) {
      const response = await callRoute(itemsRoute, `/api/items?${query}`, { headers: await sessionHeaders(SUPPLIER) });
      expect(response.status).toBe(422);
    }
  });

  it('shows a supplier user (v_user) its vendors’ items and prices only, and refuses it a change', async () => {
    const user = 'supplier.user@portal.test'; // linked to V0001 only
    const mine = await itemList('pageLimit=250', user);
    expect(mine.items.total).toBe((await idsOfVendor('V0001')).length);
    expect(new Set(mine.items.data.map((i) => i.vendorCode))).toEqual(new Set(['V0001']));
    expect((await itemList('searchCode=V0002', user)).items.total).toBe(0);
    const prices = await pricingList('pageLimit=250', user);
    expect(prices.pricings.total).toBeGreaterThan(0);
    expect(new Set(prices.pricings.data.map((p) => p.vendorCode))).toEqual(new Set(['V0001']));

    const file = await xlsxOf([PRICING_HEADER, ['V0001', '101001', '10.00', '2026-12-01']]);
    const upload = await postUpload(pricingsUploadRoute, '/api/pricings/upload', user, { file });
    expect(upload.status).toBe(403);
  });
});

describe('GET /pricing/item', () => {
  it('answers a page of 10 prices and the items of that page, scoped to the supplier', async () => {
    const body = await pricingList('searchCode=V0001');
    expect(body.pricings).toMatchObject({ per_page: 10, current_page: 1 });
    const [{ total }] = await db
      .select({ total: countDistinct(pricings.id) })
      .from(pricings)
      .innerJoin(items, eq(items.id, pricings.itemId))
      .where(inArray(items.id, await idsOfVendor('V0001')));
    expect(body.pricings.total).toBe(total);
    expect(body.items.total).toBe(20);
    expect(new Set(body.items.data.map((i) => i.id))).toEqual(new Set(body.pricings.data.map((p) => p.itemId)));
    expect(body.pricings.data[0].costPrice).toMatch(/^\d+\.\d{2}$/);
  });

  it('shows other.supplier none of V0001’s prices', async () => {
    expect((await pricingList('searchCode=V0001', OTHER)).pricings.total).toBe(0);
    const own = await pricingList('pageLimit=100', OTHER);
    expect(own.pricings.data.length).toBeGreaterThan(0);
    expect(new Set(own.pricings.data.map((p) => p.vendorCode))).toEqual(new Set(['V0003']));
  });

  it('applies the reset’s defaults (active items, every status) and the search', async () => {
    const reset = await pricingList('active=active&status=all');
    const all = await pricingList('');
    expect(reset.pricings.total).toBe(all.pricings.total);
    expect((await pricingList('search=101003')).pricings.data.every((p) => p.catalogueCode === '101003')).toBe(true);
  });
});

describe('exports', () => {
  it('POST /items/export answers items_export.xlsx with the ticked rows the supplier may see, and records the export', async () => {
    const [a, b] = await idsOfVendor('V0001');
    const [foreign] = await idsOfVendor('V0003');
    const response = await callRoute(exportItemsRoute, '/api/items/export', {
      method: 'POST',
      headers: await sessionHeaders(SUPPLIER),
      body: { items: [a, b, foreign] },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="items_export.xlsx"');
    const rows = await rowsOfXlsx(await response.arrayBuffer());
    expect(rows[0].slice(0, 6)).toEqual(['Vendor code', 'Catalogue code', 'Description', 'Barcode', 'Unit of measure', 'Pack size']);
    expect(rows.slice(1).map((r) => r.slice(0, 2))).toEqual([
      ['V0001', '101001'],
      ['V0001', '101002'],
    ]);
    const activity = await db
      .select()
      .from(userActivities)
      .where(and(eq(userActivities.userId, await userId(SUPPLIER)), eq(userActivities.activity, 'export')));
    expect(activity.some((a) => (a.detail as { kind?: string } | null)?.kind === 'items')).toBe(true);
  });

  it('POST /pricings/export answers the ticked prices as numbers with two decimals', async () => {
    const list = await pricingList('searchCode=V0001&pageLimit=2');
    const response = await callRoute(exportPricingsRoute, '/api/pricings/export', {
      method: 'POST',
      headers: await sessionHeaders(SUPPLIER),
      body: { pricings: list.pricings.data.map((p) => p.id) },
    });
    expect(response.status).toBe(200);
    const rows = await rowsOfXlsx(await response.arrayBuffer());
    expect(rows[0].slice(0, 4)).toEqual(['Vendor code', 'Catalogue code', 'Cost price', 'Effective from']);
    expect(rows.slice(1).map((r) => Number(r[2]).toFixed(2))).toEqual(list.pricings.data.map((p) => p.costPrice));
  });

  it('refuses an export without a selection with 422', async () => {
    const response = await callRoute(exportItemsRoute, '/api/items/export', {
      method: 'POST',
      headers: await sessionHeaders(SUPPLIER),
      body: { items: [] },
    });
    expect(response.status).toBe(422);
    expect((await response.json()).errors.items).toEqual(['Select at least one row to export.']);
  });
});

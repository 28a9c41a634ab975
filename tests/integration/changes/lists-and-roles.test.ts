import ExcelJS from 'exceljs';
import { GET as itemList } from '@/app/api/changes/item/route';
import { POST as approveItem } from '@/app/api/changes/item/approve/route';
import { POST as rejectItem } from '@/app/api/changes/item/reject/route';
import { POST as bulkApproveItem } from '@/app/api/changes/item/bulkApproval/route';
import { GET as pricingList } from '@/app/api/changes/pricing/item/route';
import { POST as approvePricing } from '@/app/api/changes/pricing/approve/route';
import { POST as exportRoute } from '@/app/api/changes/export/route';
import { pool } from '@/db/client';
import { closeQueue } from '@/jobs/queue';
import { userId } from '../support/actors';
import { auditOf, createItem, createItemChange, createPricingChange, createVendor, removeCreatedChanges } from '../support/changes';
import { createOrder, removeCreatedDocuments } from '../support/fixtures';
import { ADMIN, get, itemChangeState, post, RETAIL_ADMIN, RETAIL_USER, STAFF, SUPPLIER, SUPPLIER_USER } from './support';

afterAll(async () => {
  await removeCreatedDocuments();
  await removeCreatedChanges();
  await closeQueue();
  await pool.end();
});

type Page = {
  data: { id: number; vendor: { code: string }; status: string; changeable: Record<string, unknown>; current: unknown }[];
  per_page: number;
  current_page: number;
  last_page: number;
  total: number;
};

describe('GET /changes/item and /changes/pricing/item', () => {
  it('answer `changes`, a Laravel page of 10 by default, with the current values beside the proposed ones', async () => {
    const response = await get(itemList, '/api/changes/item');
    expect(response.status).toBe(200);
    const { changes } = (await response.json()) as { changes: Page };
    expect(changes).toMatchObject({ per_page: 10, current_page: 1 });
    expect(changes.total).toBeGreaterThanOrEqual(24);
    expect(changes.data).toHaveLength(10);
    const existing = changes.data.find((c) => c.current);
    expect(existing?.current).toEqual(
      expect.objectContaining({ catalogueCode: existing?.changeable.catalogueCode, descr: expect.any(String) }),
    );
    const pricing = (await (await get(pricingList, '/api/changes/pricing/item?pageLimit=25&page=1')).json()) as { changes: Page };
    expect(pricing.changes.per_page).toBe(25);
    expect(pricing.changes.data[0].current).toEqual(expect.objectContaining({ costPrice: expect.any(String) }));
  });

  it('filter by status and search text', async () => {
    const { changes } = (await (await get(itemList, '/api/changes/item?status=rejected&pageLimit=100')).json()) as { changes: Page };
    expect(changes.data.length).toBeGreaterThan(0);
    expect(changes.data.every((c) => c.status === 'rejected')).toBe(true);
    const code = changes.data[0].changeable.catalogueCode as string;
    const found = (await (await get(itemList, `/api/changes/item?search=${code}&pageLimit=100`)).json()) as { changes: Page };
    expect(found.changes.data.every((c) => JSON.stringify(c).includes(code))).toBe(true);
    expect((await get(itemList, '/api/changes/item?status=done')).status).toBe(422);
  });

  it('show a supplier only its own vendors’ changes', async () => {
    const { changes } = (await (await get(itemList, '/api/changes/item?pageLimit=250', SUPPLIER)).json()) as { changes: Page };
    expect(changes.total).toBeGreaterThan(0);
    expect(new Set(changes.data.map((c) => c.vendor.code))).toEqual(new Set(['V0001', 'V0002']));
  });
});

describe('who approves (lib/auth/permissions.ts and the scope)', () => {
  async function pendingChange(vendorId: number) {
    const { item } = await createItem(vendorId);
    return createItemChange({
      vendorId,
      itemId: item.id,
      requestedBy: null,
      changeable: { catalogueCode: item.catalogueCode, descr: 'By role' },
    });
  }

  it.each([
    [ADMIN, 200],
    [STAFF, 200],
    [RETAIL_ADMIN, 200],
    [RETAIL_USER, 403],
    [SUPPLIER, 403],
    [SUPPLIER_USER, 403],
  ])('%s approving a change of a vendor trading with SUB01: %i', async (email, status) => {
    const vendor = await createVendor();
    await createOrder({ vendorCode: vendor.code, storeCode: 'S001' });
    const change = await pendingChange(vendor.id);
    const response = await post(approveItem, '/api/changes/item/approve', { changeID: change.id }, email);
    expect(response.status).toBe(status);
    expect((await itemChangeState(change.id)).status).toBe(status === 200 ? 'approved' : 'pending');
    const reject = await pendingChange(vendor.id);
    expect((await post(rejectItem, '/api/changes/item/reject', { changeID: reject.id, reason: 'r' }, email)).status).toBe(status);
    const queued = await pendingChange(vendor.id);
    expect((await post(bulkApproveItem, '/api/changes/item/bulkApproval', { changeIDs: [queued.id] }, email)).status).toBe(
      status === 200 ? 202 : 403,
    );
  });

  it('a retail admin neither sees nor approves changes of a vendor that does not trade with its subsidiaries', async () => {
    const vendor = await createVendor();
    const change = await pendingChange(vendor.id);
    expect((await post(approveItem, '/api/changes/item/approve', { changeID: change.id }, RETAIL_ADMIN)).status).toBe(404);
    const { changes } = (await (await get(itemList, `/api/changes/item?search=${vendor.code}`, RETAIL_ADMIN)).json()) as { changes: Page };
    expect(changes.total).toBe(0);
    const seen = (await (await get(itemList, `/api/changes/item?search=${vendor.code}`, STAFF)).json()) as { changes: Page };
    expect(seen.changes.total).toBe(1);
    expect((await itemChangeState(change.id)).status).toBe('pending');
  });

  it('a supplier reads its changes but a v_user has no change screen at all', async () => {
    expect((await get(itemList, '/api/changes/item', SUPPLIER)).status).toBe(200);
    expect((await get(itemList, '/api/changes/item', SUPPLIER_USER)).status).toBe(403);
    expect((await get(itemList, '/api/changes/item', RETAIL_USER)).status).toBe(200);
  });

  it('pricing approval follows the same table', async () => {
    const vendor = await createVendor();
    const { item, pricing } = await createItem(vendor.id);
    const change = await createPricingChange({
      vendorId: vendor.id,
      itemId: item.id,
      pricingId: pricing.id,
      requestedBy: await userId(SUPPLIER),
      changeable: { catalogueCode: item.catalogueCode, costPrice: '10.50' },
    });
    expect((await post(approvePricing, '/api/changes/pricing/approve', { changeID: change.id }, SUPPLIER)).status).toBe(403);
    expect((await post(approvePricing, '/api/changes/pricing/approve', { changeID: change.id }, RETAIL_USER)).status).toBe(403);
    expect((await post(approvePricing, '/api/changes/pricing/approve', { changeID: change.id }, STAFF)).status).toBe(200);
    expect(await auditOf('pricing_change', change.id)).toHaveLength(1);
  });
});

describe('POST /changes/export', () => {
  it('streams changes_export.xlsx with a sheet per kind, current and proposed values side by side', async () => {
    const response = await post(exportRoute, '/api/changes/export', undefined);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="changes_export.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const [items, pricings] = workbook.worksheets;
    expect([items.name, pricings.name]).toEqual(['Item changes', 'Pricing changes']);
    expect(items.getRow(1).getCell(5).value).toBe('Current description');
    expect(items.getRow(1).getCell(6).value).toBe('Proposed description');
    expect(items.rowCount).toBeGreaterThan(24);
    expect(pricings.getRow(1).getCell(6).value).toBe('Proposed cost price');
  });

  it('exports only the supplier’s own vendors for a supplier', async () => {
    const response = await post(exportRoute, '/api/changes/export', {}, SUPPLIER);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const vendors = new Set<string>();
    workbook.worksheets[0].eachRow((row, n) => {
      if (n > 1) vendors.add(String(row.getCell(3).value).slice(0, 5));
    });
    expect(vendors).toEqual(new Set(['V0001', 'V0002']));
  });
});

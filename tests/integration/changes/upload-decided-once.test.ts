import { eq } from 'drizzle-orm';
import { POST as approveFile } from '@/app/api/changes/file/approve/route';
import { POST as rejectFile } from '@/app/api/changes/file/reject/route';
import { POST as approveItem } from '@/app/api/changes/item/approve/route';
import { POST as bulkApproveItems } from '@/app/api/changes/item/bulkApproval/route';
import { GET as itemChangesList } from '@/app/api/changes/item/route';
import { POST as approvePricing } from '@/app/api/changes/pricing/approve/route';
import { POST as bulkApprovePricing } from '@/app/api/changes/pricing/bulkApproval/route';
import { GET as pricingChangesList } from '@/app/api/changes/pricing/item/route';
import { POST as rejectPricing } from '@/app/api/changes/pricing/reject/route';
import { POST as itemsUploadRoute } from '@/app/api/items/upload/route';
import { POST as pricingsUploadRoute } from '@/app/api/pricings/upload/route';
import { db, pool } from '@/db/client';
import { items, masterdataChanges, pricingChanges, vendors } from '@/db/schema';
import { catalogueUploadJob } from '@/jobs/processors/catalogue-upload';
import { userId } from '../support/actors';
import { closeTestQueue, postUpload, removeCatalogueWork, runJobs, xlsxOf } from '../support/catalogue';
import { createItem, createItemChange, createPricingChange, createRecord, createVendor, removeCreatedChanges } from '../support/changes';
import { get, itemChangeState, itemState, post, pricingChangeState, pricingState, SUPPLIER } from './support';

/**
 * Issue 27: a pricing change was approved under Changes while its upload was rejected under Master
 * data, both stood, and the approved change read 20.15 → 20.15. An upload is decided in one place
 * (Master data, as one); Changes refuses its changes one by one; every change keeps the values it was
 * made against.
 */

const WHERE = 'approve or reject the whole upload under Master data.';
const keyOf = (record: { processId: string; eventType: string }) => ({ process_id: record.processId, event_type: record.eventType });

let vendorId: number;
let supplierId: number;
const madeItems: number[] = [];

beforeAll(async () => {
  vendorId = (await createVendor()).id;
  supplierId = await userId(SUPPLIER);
});

afterAll(async () => {
  await removeCatalogueWork([supplierId]);
  for (const id of madeItems) await db.delete(items).where(eq(items.id, id));
  await removeCreatedChanges();
  await closeTestQueue();
  await pool.end();
});

/** A pending pricing upload of two price changes (its record and its changes), as the worker leaves it. */
async function pricingUpload() {
  const record = await createRecord({
    vendorId,
    eventType: 'pricing.upload',
    requestedBy: supplierId,
    newValues: { fileName: 'prices.xlsx', rows: 2, valid: 2, invalid: 0 },
  });
  const made = [];
  for (const costPrice of ['20.15', '30.15']) {
    const { item, pricing } = await createItem(vendorId);
    const change = await createPricingChange({
      vendorId,
      itemId: item.id,
      pricingId: pricing.id,
      requestedBy: supplierId,
      processId: record.processId,
      changeable: { catalogueCode: item.catalogueCode, costPrice, previousCostPrice: '10.00' },
    });
    made.push({ pricing, change });
  }
  return { record, made };
}

const recordStatus = async (id: number) =>
  (await db.select({ status: masterdataChanges.status }).from(masterdataChanges).where(eq(masterdataChanges.id, id)))[0].status;

describe('an upload is decided under Master data only', () => {
  it('refuses approving one of its changes under Changes, naming the upload and where to decide it, and changes nothing', async () => {
    const { record, made } = await pricingUpload();
    const [{ pricing, change }] = made;
    const response = await post(approvePricing, '/api/changes/pricing/approve', { changeID: change.id });
    expect(response.status).toBe(409);
    const { message } = (await response.json()) as { message: string };
    expect(message).toBe(`Change ${change.id} is part of the upload prices.xlsx (${record.processId}): ${WHERE}`);
    expect((await pricingChangeState(change.id)).status).toBe('pending');
    expect((await pricingState(pricing.id)).costPrice).toBe('10.00');

    // The upload is then rejected as one: every change of it rejected, no price written.
    const rejected = await post(rejectFile, '/api/changes/file/reject', { ...keyOf(record), reason: 'Wrong prices' });
    expect(rejected.status).toBe(200);
    expect(await recordStatus(record.id)).toBe('rejected');
    for (const m of made) {
      expect((await pricingChangeState(m.change.id)).status).toBe('rejected');
      expect((await pricingState(m.pricing.id)).costPrice).toBe('10.00');
    }
  });

  it('approved under Master data, its changes cannot be decided again under Changes (no opposite results)', async () => {
    const { record, made } = await pricingUpload();
    expect((await post(approveFile, '/api/changes/file/approve', keyOf(record))).status).toBe(200);
    const [{ pricing, change }] = made;
    expect((await pricingState(pricing.id)).costPrice).toBe('20.15');

    const reject = await post(rejectPricing, '/api/changes/pricing/reject', { changeID: change.id, reason: 'No' });
    expect(reject.status).toBe(409);
    expect((await pricingChangeState(change.id)).status).toBe('approved');
    expect((await pricingState(pricing.id)).costPrice).toBe('20.15');
    // The record cannot be decided the other way either.
    const again = await post(rejectFile, '/api/changes/file/reject', { ...keyOf(record), reason: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(await recordStatus(record.id)).toBe('approved');
  });

  it('leaves an upload’s changes out of bulk approvals, pricing at once and items in the background', async () => {
    const { record, made } = await pricingUpload();
    const ids = made.map((m) => m.change.id);
    const response = await post(bulkApprovePricing, '/api/changes/pricing/bulkApproval', { changeIDs: ids });
    const body = (await response.json()) as { successful: string; failed: string; failures: { message: string }[] };
    expect(body.successful).toBe('[]');
    expect(body.failed).toBe(`[${ids.join(',')}]`);
    expect(body.failures[0].message).toContain(WHERE);
    for (const id of ids) expect((await pricingChangeState(id)).status).toBe('pending');

    const { item } = await createItem(vendorId);
    const itemChange = await createItemChange({
      vendorId,
      itemId: item.id,
      requestedBy: supplierId,
      processId: record.processId,
      changeable: { catalogueCode: item.catalogueCode, descr: 'From an upload' },
    });
    const single = await post(approveItem, '/api/changes/item/approve', { changeID: itemChange.id });
    expect(single.status).toBe(409);
    const bulk = await post(bulkApproveItems, '/api/changes/item/bulkApproval', { changeIDs: [itemChange.id] });
    expect(bulk.status).toBe(409);
    expect((await itemChangeState(itemChange.id)).status).toBe('pending');
    expect((await itemState(item.id)).descr).not.toBe('From an upload');
  });
});

describe('a change keeps the values it was made against', () => {
  type Listed = { id: number; status: string; current: Record<string, unknown> | null; changeable: Record<string, unknown> };

  async function listed(handler: typeof pricingChangesList, url: string, processId: string): Promise<Listed[]> {
    const response = await get(handler, `${url}?search=${processId}&status=approved&pageLimit=50`);
    return ((await response.json()) as { changes: { data: Listed[] } }).changes.data;
  }

  it('an approved price reads old → new, and a new item reads as new, after the upload is approved', async () => {
    const [v0001] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.code, 'V0001'));
    const { item, pricing } = await createItem(v0001.id, { costPrice: '19.40' });
    madeItems.push(item.id);

    const prices = await xlsxOf([
      ['vendorCode', 'catalogueCode', 'costPrice', 'effectiveFrom'],
      ['V0001', item.catalogueCode, '20.15', '2026-12-01'],
    ]);
    expect((await postUpload(pricingsUploadRoute, '/api/pricings/upload', SUPPLIER, { file: prices })).status).toBe(200);
    await runJobs('catalogue-upload', catalogueUploadJob);
    const [change] = await db.select().from(pricingChanges).where(eq(pricingChanges.itemId, item.id));
    expect(change.previous).toMatchObject({ costPrice: '19.40' });
    const [record] = await db.select().from(masterdataChanges).where(eq(masterdataChanges.processId, change.processId!));
    expect((await post(approveFile, '/api/changes/file/approve', keyOf(record))).status).toBe(200);
    expect((await pricingState(pricing.id)).costPrice).toBe('20.15');

    const [row] = await listed(pricingChangesList, '/api/changes/pricing/item', record.processId);
    expect(row).toMatchObject({ id: change.id, status: 'approved', changeable: { costPrice: '20.15' } });
    expect(row.current).toMatchObject({ costPrice: '19.40' });

    const code = `N${Date.now()}`;
    const itemFile = await xlsxOf([
      ['vendorCode', 'catalogueCode', 'descr', 'barcode', 'unitOfMeasure', 'packSize'],
      ['V0001', code, 'A new item', '', 'EA', '1'],
      ['V0001', item.catalogueCode, 'A better name', '', '', ''],
    ]);
    expect((await postUpload(itemsUploadRoute, '/api/items/upload', SUPPLIER, { file: itemFile })).status).toBe(200);
    await runJobs('catalogue-upload', catalogueUploadJob);
    const [itemRecord] = await db
      .select()
      .from(masterdataChanges)
      .where(eq(masterdataChanges.eventType, 'items.upload'))
      .orderBy(masterdataChanges.id)
      .then((rows) => rows.slice(-1));
    expect((await post(approveFile, '/api/changes/file/approve', keyOf(itemRecord))).status).toBe(200);
    const [added] = await db.select({ id: items.id }).from(items).where(eq(items.catalogueCode, code));
    madeItems.push(added.id);

    const rows = await listed(itemChangesList, '/api/changes/item', itemRecord.processId);
    const renamed = rows.find((r) => r.changeable.catalogueCode === item.catalogueCode);
    const created = rows.find((r) => r.changeable.catalogueCode === code);
    expect(renamed?.current).toMatchObject({ descr: item.descr });
    expect(renamed?.changeable).toMatchObject({ descr: 'A better name' });
    expect(created?.current).toBeNull();
  });
});

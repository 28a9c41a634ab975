import { eq, inArray } from 'drizzle-orm';
import { POST as approveRoute } from '@/app/api/changes/file/approve/route';
import { POST as rejectRoute } from '@/app/api/changes/file/reject/route';
import { GET as verifyRoute } from '@/app/api/changes/verify/file/route';
import { GET as historyRoute } from '@/app/api/masterdata/history/route';
import { db, pool } from '@/db/client';
import { itemChanges, masterdataChanges, vendors } from '@/db/schema';
import { userId } from '../support/actors';
import { auditOf, createItem, createItemChange, createRecord, createVendor, removeCreatedChanges } from '../support/changes';
import { ADMIN, get, itemState, post, RETAIL_ADMIN, RETAIL_USER, STAFF, SUPPLIER, SUPPLIER_USER } from '../changes/support';
import { createOrder, removeCreatedDocuments } from '../support/fixtures';
import { sql } from 'drizzle-orm';

afterAll(async () => {
  await removeCreatedDocuments();
  await removeCreatedChanges();
  await pool.end();
});

const keyOf = (record: { processId: string; eventType: string; status: string }) => ({
  process_id: record.processId,
  event_type: record.eventType,
  status: record.status,
});
const recordState = async (id: number) => (await db.select().from(masterdataChanges).where(eq(masterdataChanges.id, id)))[0];

async function upload(vendorId: number, descrs: string[]) {
  const supplier = await userId(SUPPLIER);
  const record = await createRecord({
    vendorId,
    eventType: 'items.upload',
    requestedBy: supplier,
    newValues: { rows: descrs.length, valid: descrs.length, invalid: 0 },
  });
  const made = [];
  for (const descr of descrs) {
    const { item } = await createItem(vendorId);
    const change = await createItemChange({
      vendorId,
      itemId: item.id,
      requestedBy: supplier,
      processId: record.processId,
      changeable: { catalogueCode: item.catalogueCode, descr },
    });
    made.push({ item, change });
  }
  return { record, made };
}

describe('GET /masterdata/history', () => {
  it('answers `histories`, a page of records of the contract’s kinds, filterable by event type', async () => {
    const response = await get(historyRoute, '/api/masterdata/history');
    expect(response.status).toBe(200);
    const { histories } = await response.json();
    expect(histories).toMatchObject({ per_page: 10, current_page: 1 });
    expect(histories.total).toBeGreaterThanOrEqual(12);
    const vendorEdits = await (await get(historyRoute, '/api/masterdata/history?event_type=vendor.update&pageLimit=50')).json();
    expect(vendorEdits.histories.data.length).toBeGreaterThan(0);
    for (const row of vendorEdits.histories.data)
      expect(row).toMatchObject({ event_type: 'vendor.update', old_values: expect.any(Object), new_values: expect.any(Object) });
    const uploads = await (await get(historyRoute, '/api/masterdata/history?event_type=items.upload&status=pending')).json();
    expect(uploads.histories.data.some((r: { pending_changes: number }) => r.pending_changes > 0)).toBe(true);
  });

  it('is refused to a supplier user and a supplier administrator', async () => {
    expect((await get(historyRoute, '/api/masterdata/history', SUPPLIER)).status).toBe(403);
  });
});

describe('POST /changes/file/approve and /changes/file/reject', () => {
  it('approving an upload record applies all its process’s pending changes with the record, in one transaction', async () => {
    const vendor = await createVendor();
    const { record, made } = await upload(vendor.id, ['Upload one', 'Upload two']);
    const response = await post(approveRoute, '/api/changes/file/approve', keyOf(record));
    expect(await response.json()).toEqual({ message: 'Approved successfully' });
    expect(await recordState(record.id)).toMatchObject({ status: 'approved', decidedBy: await userId(STAFF) });
    for (const { item, change } of made) {
      expect((await itemState(item.id)).descr).toMatch(/^Upload /);
      expect(await auditOf('item_change', change.id)).toHaveLength(1);
    }
    expect((await auditOf('masterdata_change', record.id)).map((a) => a.action)).toEqual(['approved']);
    const twice = await post(approveRoute, '/api/changes/file/approve', { ...keyOf(record), status: 'pending' });
    expect(twice.status).toBe(409);
  });

  it('refuses the whole upload when one of its changes is out of date, applying none', async () => {
    const vendor = await createVendor();
    const { record, made } = await upload(vendor.id, ['Fresh', 'Stale']);
    await db.execute(sql`update items set updated_at = now() where id = ${made[1].item.id}`);
    const response = await post(approveRoute, '/api/changes/file/approve', keyOf(record));
    expect(response.status).toBe(409);
    expect((await response.json()).message).toMatch(/^This upload cannot be approved: Change \d+ is out of date/);
    expect((await itemState(made[0].item.id)).descr).toBe(made[0].item.descr);
    expect((await recordState(record.id)).status).toBe('pending');
  });

  it('approving a vendor data edit writes its new vendordata and certificate', async () => {
    const vendor = await createVendor();
    const record = await createRecord({
      vendorId: vendor.id,
      eventType: 'vendor.update',
      requestedBy: await userId(SUPPLIER),
      oldValues: { contactPhone: '+27 11 000 0000' },
      newValues: { contactPhone: '+27 11 999 9999', contactName: 'New Contact' },
    });
    expect((await post(approveRoute, '/api/changes/file/approve', keyOf(record))).status).toBe(200);
    const [after] = await db.select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(after.vendordata).toEqual({ contactPhone: '+27 11 999 9999', contactName: 'New Contact' });
  });

  it('rejecting needs a reason; with one it records it and rejects the upload’s changes', async () => {
    const vendor = await createVendor();
    const { record, made } = await upload(vendor.id, ['Nope']);
    for (const reason of [undefined, ' ']) {
      const refused = await post(rejectRoute, '/api/changes/file/reject', { ...keyOf(record), reason });
      expect(refused.status).toBe(422);
      expect((await refused.json()).errors.reason).toEqual(['Please enter a reason']);
    }
    const response = await post(rejectRoute, '/api/changes/file/reject', { ...keyOf(record), reason: 'Wrong file' });
    expect(await response.json()).toEqual({ message: 'Rejected successfully' });
    expect(await recordState(record.id)).toMatchObject({ status: 'rejected', reason: 'Wrong file' });
    const [change] = await db
      .select()
      .from(itemChanges)
      .where(inArray(itemChanges.id, [made[0].change.id]));
    expect(change).toMatchObject({ status: 'rejected', comments: 'Wrong file' });
  });

  it('answers "User does not have permissions" to a role without the right, and maker-checker to the requester', async () => {
    const vendor = await createVendor();
    const { record } = await upload(vendor.id, ['x']);
    for (const route of [approveRoute, rejectRoute]) {
      const response = await post(route, '/api/changes/file/approve', { ...keyOf(record), reason: 'r' }, RETAIL_USER);
      expect(response.status).toBe(403);
      expect((await response.json()).message).toBe('User does not have permissions');
    }
    const own = await createRecord({ vendorId: vendor.id, eventType: 'vendor.update', requestedBy: await userId(STAFF), newValues: {} });
    expect((await post(approveRoute, '/api/changes/file/approve', keyOf(own))).status).toBe(409);
    expect((await post(approveRoute, '/api/changes/file/approve', { process_id: 'nope', event_type: 'items.upload' })).status).toBe(404);
  });
});

describe('GET /changes/verify/file: a running background file process blocks approve and reject', () => {
  it('reports the process and refuses both actions until it ends', async () => {
    const vendor = await createVendor();
    const { record } = await upload(vendor.id, ['Waiting']);
    expect(await (await get(verifyRoute, '/api/changes/verify/file')).json()).toMatchObject({ success: false });
    const running = await createRecord({ vendorId: vendor.id, eventType: 'pricing.upload', status: 'processing', requestedBy: null });
    expect(await (await get(verifyRoute, '/api/changes/verify/file')).json()).toMatchObject({ success: true });
    for (const [route, body] of [
      [approveRoute, keyOf(record)],
      [rejectRoute, { ...keyOf(record), reason: 'r' }],
    ] as const) {
      const response = await post(route, '/api/changes/file/approve', body);
      expect(response.status).toBe(409);
      expect((await response.json()).message).toBe('Please try again after few minutes, there is a background process in progress');
    }
    expect((await recordState(record.id)).status).toBe('pending');
    await db.update(masterdataChanges).set({ status: 'failed' }).where(eq(masterdataChanges.id, running.id));
    expect((await post(approveRoute, '/api/changes/file/approve', keyOf(record))).status).toBe(200);
  });
});

describe('who approves master-data changes', () => {
  it.each([
    [ADMIN, 200],
    [STAFF, 200],
    [RETAIL_ADMIN, 200],
    [RETAIL_USER, 403],
    [SUPPLIER, 403],
    [SUPPLIER_USER, 403],
  ])('%s on a vendor trading with SUB01: %i', async (email, status) => {
    const vendor = await createVendor();
    await createOrder({ vendorCode: vendor.code, storeCode: 'S001' });
    const record = await createRecord({
      vendorId: vendor.id,
      eventType: 'vendor.update',
      requestedBy: null,
      newValues: { contactName: 'X' },
    });
    const response = await post(approveRoute, '/api/changes/file/approve', keyOf(record), email);
    expect(response.status).toBe(status);
    expect((await recordState(record.id)).status).toBe(status === 200 ? 'approved' : 'pending');
  });

  it('a retail admin neither sees nor decides the records of a vendor that does not trade with its subsidiaries', async () => {
    const vendor = await createVendor();
    const record = await createRecord({ vendorId: vendor.id, eventType: 'vendor.update', requestedBy: null, newValues: {} });
    expect((await post(approveRoute, '/api/changes/file/approve', keyOf(record), RETAIL_ADMIN)).status).toBe(404);
    const { histories } = await (await get(historyRoute, `/api/masterdata/history?search=${vendor.code}`, RETAIL_ADMIN)).json();
    expect(histories.total).toBe(0);
  });
});

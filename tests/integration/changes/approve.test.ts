import { and, eq, sql } from 'drizzle-orm';
import { POST as approveItem } from '@/app/api/changes/item/approve/route';
import { POST as rejectItem } from '@/app/api/changes/item/reject/route';
import { POST as bulkRejectItem } from '@/app/api/changes/item/bulkReject/route';
import { POST as approvePricing } from '@/app/api/changes/pricing/approve/route';
import { POST as rejectPricing } from '@/app/api/changes/pricing/reject/route';
import { POST as bulkApprovePricing } from '@/app/api/changes/pricing/bulkApproval/route';
import { POST as bulkRejectPricing } from '@/app/api/changes/pricing/bulkReject/route';
import { db, pool } from '@/db/client';
import { items, userActivities } from '@/db/schema';
import { userId } from '../support/actors';
import { auditOf, createItem, createItemChange, createPricingChange, createVendor, removeCreatedChanges } from '../support/changes';
import { itemChangeState, itemState, post, pricingChangeState, pricingState, STAFF, SUPPLIER } from './support';

let vendorId: number;
let supplierId: number;

beforeAll(async () => {
  vendorId = (await createVendor()).id;
  supplierId = await userId(SUPPLIER);
});

afterAll(async () => {
  await removeCreatedChanges();
  await pool.end();
});

async function itemChange(changeable: Record<string, unknown>, requestedBy: number | null = supplierId) {
  const { item, pricing } = await createItem(vendorId);
  const change = await createItemChange({
    vendorId,
    itemId: item.id,
    requestedBy,
    changeable: { catalogueCode: item.catalogueCode, ...changeable },
  });
  return { item, pricing, change };
}

describe('POST /changes/item/approve', () => {
  it('writes the change to the item with its status, audit entry and activity', async () => {
    const { item, change } = await itemChange({ descr: 'Renamed item', packSize: 12 });
    const response = await post(approveItem, '/api/changes/item/approve', { changeID: change.id });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Approved successfully' });

    const after = await itemState(item.id);
    expect(after).toMatchObject({ descr: 'Renamed item', packSize: 12, barcode: item.barcode, unitOfMeasure: item.unitOfMeasure });
    expect(after.updatedAt.getTime()).toBeGreaterThan(item.updatedAt.getTime());
    expect(await itemChangeState(change.id)).toMatchObject({ status: 'approved', decidedBy: await userId(STAFF) });
    const audit = await auditOf('item_change', change.id);
    expect(audit.map((a) => [a.action, a.descr])).toEqual([['approved', `Item change ${change.id} for ${item.catalogueCode} approved`]]);
    const activity = await db
      .select()
      .from(userActivities)
      .where(and(eq(userActivities.activity, 'approve-change'), eq(userActivities.userEmail, STAFF)));
    expect(activity.some((a) => JSON.stringify(a.detail) === JSON.stringify({ kind: 'item', changeIDs: [change.id] }))).toBe(true);
  });

  it('adds the item a change proposes when it has none, and links the change to it', async () => {
    const code = `NEW${change0()}`;
    const change = await createItemChange({
      vendorId,
      itemId: null,
      requestedBy: supplierId,
      changeable: { catalogueCode: code, descr: 'Brand new', barcode: '6001234567890', unitOfMeasure: 'KG', packSize: 4 },
    });
    expect((await post(approveItem, '/api/changes/item/approve', { changeID: change.id })).status).toBe(200);
    const [item] = await db
      .select()
      .from(items)
      .where(and(eq(items.vendorId, vendorId), eq(items.catalogueCode, code)));
    expect(item).toMatchObject({ descr: 'Brand new', barcode: '6001234567890', unitOfMeasure: 'KG', packSize: 4 });
    expect((await itemChangeState(change.id)).itemId).toBe(item.id);
  });

  it('does not approve a change twice: the second call is refused and changes nothing', async () => {
    const { item, change } = await itemChange({ descr: 'Once only' });
    expect((await post(approveItem, '/api/changes/item/approve', { changeID: change.id })).status).toBe(200);
    const first = await itemState(item.id);
    const again = await post(approveItem, '/api/changes/item/approve', { changeID: change.id });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(`Change ${change.id} was already approved.`);
    expect((await itemState(item.id)).updatedAt).toEqual(first.updatedAt);
    expect(await auditOf('item_change', change.id)).toHaveLength(1);
  });

  it('refuses a change whose item was changed after it was made, leaving both as they are', async () => {
    const { item, change } = await itemChange({ descr: 'Made against old data' });
    await db
      .update(items)
      .set({ descr: 'Newer edit', updatedAt: sql`now()` })
      .where(eq(items.id, item.id));
    const response = await post(approveItem, '/api/changes/item/approve', { changeID: change.id });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toMatch(
      new RegExp(`^Change ${change.id} is out of date: item ${item.catalogueCode} was changed on .+, after this change was requested`),
    );
    expect((await itemState(item.id)).descr).toBe('Newer edit');
    expect((await itemChangeState(change.id)).status).toBe('pending');
  });

  it('applies the change, its status and its audit entry in one transaction: a failing audit entry undoes the item update', async () => {
    const { item, change } = await itemChange({ descr: 'Must not stick' });
    await db.execute(
      sql.raw(`create or replace function test_fail_audit_13() returns trigger language plpgsql as $$
      begin if new.entity_type = 'item_change' and new.entity_id = ${change.id} then raise exception 'audit refused'; end if; return new; end $$`),
    );
    await db.execute(sql`create trigger fail_audit_13 before insert on audit_entries for each row execute function test_fail_audit_13()`);
    try {
      const response = await post(approveItem, '/api/changes/item/approve', { changeID: change.id });
      expect(response.status).toBe(500);
    } finally {
      await db.execute(sql`drop trigger fail_audit_13 on audit_entries`);
      await db.execute(sql`drop function test_fail_audit_13()`);
    }
    expect((await itemState(item.id)).descr).toBe(item.descr);
    expect((await itemChangeState(change.id)).status).toBe('pending');
  });

  it('is maker-checker: nobody approves or rejects a change they requested', async () => {
    const { item, change } = await itemChange({ descr: 'Own change' }, await userId(STAFF));
    const approve = await post(approveItem, '/api/changes/item/approve', { changeID: change.id });
    expect(approve.status).toBe(409);
    expect((await approve.json()).message).toBe(`Change ${change.id} was requested by you: someone else must approve or reject it.`);
    expect((await post(rejectItem, '/api/changes/item/reject', { changeID: change.id, reason: 'no' })).status).toBe(409);
    expect((await itemState(item.id)).descr).toBe(item.descr);
    expect((await post(approveItem, '/api/changes/item/approve', { changeID: change.id }, 'admin@portal.test')).status).toBe(200);
  });

  it('answers 404 for an unknown change and 422 for a missing changeID', async () => {
    expect((await post(approveItem, '/api/changes/item/approve', { changeID: 2_000_000_000 })).status).toBe(404);
    const missing = await post(approveItem, '/api/changes/item/approve', {});
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors.changeID).toBeDefined();
  });
});

let counter = 0;
function change0() {
  counter += 1;
  return `${Date.now() % 100000}${counter}`;
}

describe('rejecting changes', () => {
  it('refuses a rejection without comments with "Please enter comments" and changes nothing', async () => {
    const { change } = await itemChange({ descr: 'x' });
    for (const reason of [undefined, '', '   ']) {
      const response = await post(rejectItem, '/api/changes/item/reject', { changeID: change.id, reason });
      expect(response.status).toBe(422);
      expect((await response.json()).errors.reason).toEqual(['Please enter comments']);
    }
    const bulk = await post(bulkRejectItem, '/api/changes/item/bulkReject', { changeIDs: [change.id], reason: '' });
    expect(bulk.status).toBe(422);
    expect((await itemChangeState(change.id)).status).toBe('pending');
  });

  it('rejects with comments: status, comments and audit entry, the item untouched', async () => {
    const { item, change } = await itemChange({ descr: 'Not wanted' });
    const response = await post(rejectItem, '/api/changes/item/reject', { changeID: change.id, reason: 'Naming standard' });
    expect(await response.json()).toEqual({ message: 'Rejected successfully' });
    expect(await itemChangeState(change.id)).toMatchObject({ status: 'rejected', comments: 'Naming standard' });
    expect((await itemState(item.id)).descr).toBe(item.descr);
    expect((await auditOf('item_change', change.id)).map((a) => a.descr)).toEqual([
      `Item change ${change.id} for ${item.catalogueCode} rejected: Naming standard`,
    ]);
  });

  it('bulk-rejects item changes and reports the ones already decided', async () => {
    const a = await itemChange({ descr: 'a' });
    const b = await itemChange({ descr: 'b' });
    await post(rejectItem, '/api/changes/item/reject', { changeID: b.change.id, reason: 'first' });
    const response = await post(bulkRejectItem, '/api/changes/item/bulkReject', {
      changeIDs: [a.change.id, b.change.id],
      reason: 'Bulk no',
    });
    const body = await response.json();
    expect(body).toMatchObject({
      message: `Bulk Rejected successfully. Changes [${b.change.id}] could not be rejected.`,
      successful: `[${a.change.id}]`,
      failed: `[${b.change.id}]`,
    });
    expect(body.failures[0].message).toBe(`Change ${b.change.id} was already rejected.`);
    expect((await itemChangeState(b.change.id)).comments).toBe('first');
  });
});

describe('pricing changes', () => {
  async function priceChange(costPrice: string, previousCostPrice = '10.00') {
    const { item, pricing } = await createItem(vendorId);
    const change = await createPricingChange({
      vendorId,
      itemId: item.id,
      pricingId: pricing.id,
      requestedBy: supplierId,
      changeable: { catalogueCode: item.catalogueCode, costPrice, previousCostPrice, effectiveFrom: '2026-12-01' },
    });
    return { item, pricing, change };
  }

  it('approves a price: cost and effective date written, a message answered', async () => {
    const { pricing, change } = await priceChange('11.50');
    const response = await post(approvePricing, '/api/changes/pricing/approve', { changeID: change.id });
    expect(await response.json()).toEqual({ message: 'Approved successfully' });
    expect(await pricingState(pricing.id)).toMatchObject({ costPrice: '11.50', effectiveFrom: '2026-12-01', retailPrice: '13.00' });
    expect((await pricingChangeState(change.id)).status).toBe('approved');
  });

  it('refuses a price change made against a cost that is no longer the cost', async () => {
    const { pricing, change } = await priceChange('11.50', '9.00');
    const response = await post(approvePricing, '/api/changes/pricing/approve', { changeID: change.id });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toContain('is out of date');
    expect((await pricingState(pricing.id)).costPrice).toBe('10.00');
  });

  it('rejects a price with comments and answers its message', async () => {
    const { change } = await priceChange('12.00');
    const response = await post(rejectPricing, '/api/changes/pricing/reject', { changeID: change.id, reason: 'Not agreed' });
    expect(await response.json()).toEqual({ message: 'Rejected successfully' });
  });

  it('bulk-approves at once, reporting the unknown, the decided and the out-of-date, each applied once', async () => {
    const ok = await priceChange('10.10');
    const done = await priceChange('10.20');
    const stale = await priceChange('10.30', '7.77');
    await post(approvePricing, '/api/changes/pricing/approve', { changeID: done.change.id });
    const ids = [ok.change.id, done.change.id, stale.change.id, 2_000_000_001];
    const response = await post(bulkApprovePricing, '/api/changes/pricing/bulkApproval', { changeIDs: ids, reason: '' });
    const body = await response.json();
    expect(body.successful).toBe(`[${ok.change.id}]`);
    expect(body.failed).toBe(`[${done.change.id},2000000001,${stale.change.id}]`);
    expect(body.message).toBe(`Approved successfully. Changes [${done.change.id}, 2000000001, ${stale.change.id}] could not be approved.`);
    expect((await pricingState(ok.pricing.id)).costPrice).toBe('10.10');
    expect(await auditOf('pricing_change', done.change.id)).toHaveLength(1);
  });

  it('bulk-rejects pricing changes', async () => {
    const a = await priceChange('10.40');
    const response = await post(bulkRejectPricing, '/api/changes/pricing/bulkReject', { changeIDs: `${a.change.id}`, reason: 'No' });
    expect((await response.json()).message).toBe('Bulk Rejected successfully');
    expect((await pricingChangeState(a.change.id)).status).toBe('rejected');
  });
});

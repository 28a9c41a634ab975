import { and, desc, eq, sql } from 'drizzle-orm';
import { POST as bulkApproveItem } from '@/app/api/changes/item/bulkApproval/route';
import { db, pool } from '@/db/client';
import { items, outbox } from '@/db/schema';
import { processApproveItemChangesRow } from '@/jobs/processors/approve-item-changes';
import { closeQueue } from '@/jobs/queue';
import { userId } from '../support/actors';
import { auditOf, createItem, createItemChange, createVendor, removeCreatedChanges } from '../support/changes';
import { itemChangeState, itemState, post, STAFF, SUPPLIER } from './support';

afterAll(async () => {
  await removeCreatedChanges();
  await closeQueue();
  await pool.end();
});

async function lastApprovalRow(): Promise<number> {
  const [row] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(eq(outbox.kind, 'approve-item-changes'))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row.id;
}

describe('POST /changes/item/bulkApproval (spec §4: in the background)', () => {
  it('answers at once, then the worker approves each change once however often it runs', async () => {
    const vendor = await createVendor();
    const supplier = await userId(SUPPLIER);
    const made = await Promise.all(
      Array.from({ length: 3 }, async (_, n) => {
        const { item } = await createItem(vendor.id);
        const change = await createItemChange({
          vendorId: vendor.id,
          itemId: item.id,
          requestedBy: supplier,
          changeable: { catalogueCode: item.catalogueCode, descr: `Bulk ${n}` },
        });
        return { item, change };
      }),
    );
    // One of them out of date: its item was edited after the change was made.
    await db
      .update(items)
      .set({ updatedAt: sql`now()` })
      .where(eq(items.id, made[2].item.id));
    const ids = made.map((m) => m.change.id);

    const response = await post(bulkApproveItem, '/api/changes/item/bulkApproval', { changeIDs: ids, reason: 'Looks fine' });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({
      message: 'Bulk approval is running in the background, check back in a few minutes.',
      successful: `[${ids.join(',')}]`,
      failed: '[]',
    });
    expect((await itemChangeState(ids[0])).status).toBe('pending');
    const first = await lastApprovalRow();

    // The user presses again before the first run: a second job for the same changes.
    await post(bulkApproveItem, '/api/changes/item/bulkApproval', { changeIDs: ids });
    const second = await lastApprovalRow();
    expect(second).not.toBe(first);

    const run = await processApproveItemChangesRow(first);
    expect(run.status === 'done' && run.result.approved).toBe(2);
    expect(run.status === 'done' && run.result.refused.map((r) => r.id)).toEqual([ids[2]]);
    const updatedOnce = (await itemState(made[0].item.id)).updatedAt;

    expect(await processApproveItemChangesRow(first)).toEqual({ status: 'skipped' }); // redelivered: done already
    const again = await processApproveItemChangesRow(second);
    expect(again.status === 'done' && again.result.approved).toBe(0);

    for (const { item, change } of made.slice(0, 2)) {
      expect(await itemChangeState(change.id)).toMatchObject({
        status: 'approved',
        decidedBy: await userId(STAFF),
        comments: 'Looks fine',
      });
      expect((await itemState(item.id)).descr).toMatch(/^Bulk \d$/);
      expect(await auditOf('item_change', change.id)).toHaveLength(1);
    }
    expect((await itemState(made[0].item.id)).updatedAt).toEqual(updatedOnce);
    expect((await itemChangeState(ids[2])).status).toBe('pending');
    const [row] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.id, first)));
    expect(row.status).toBe('done');
  });

  it('approves nothing when the requester may no longer approve by the time it runs', async () => {
    const vendor = await createVendor();
    const { item } = await createItem(vendor.id);
    const change = await createItemChange({
      vendorId: vendor.id,
      itemId: item.id,
      requestedBy: null,
      changeable: { catalogueCode: item.catalogueCode, descr: 'Late' },
    });
    await post(bulkApproveItem, '/api/changes/item/bulkApproval', { changeIDs: [change.id] });
    const rowId = await lastApprovalRow();
    const [payload] = await db.select({ payload: outbox.payload }).from(outbox).where(eq(outbox.id, rowId));
    await db
      .update(outbox)
      .set({ payload: { ...payload.payload, userId: await userId(SUPPLIER) } })
      .where(eq(outbox.id, rowId));
    const run = await processApproveItemChangesRow(rowId);
    expect(run.status === 'done' && run.result.approved).toBe(0);
    expect((await itemChangeState(change.id)).status).toBe('pending');
  });

  it('refuses at once, queueing nothing, when none of the selected changes can be approved', async () => {
    const vendor = await createVendor();
    const { item } = await createItem(vendor.id);
    const own = await createItemChange({
      vendorId: vendor.id,
      itemId: item.id,
      requestedBy: await userId(STAFF),
      changeable: { catalogueCode: item.catalogueCode },
    });
    const before = await lastApprovalRow();
    const response = await post(bulkApproveItem, '/api/changes/item/bulkApproval', { changeIDs: [own.id, 2_000_000_000] });
    expect(response.status).toBe(409);
    expect(await lastApprovalRow()).toBe(before);
    const other = await createItemChange({
      vendorId: vendor.id,
      itemId: item.id,
      requestedBy: null,
      changeable: { catalogueCode: item.catalogueCode },
    });
    const mixed = await post(bulkApproveItem, '/api/changes/item/bulkApproval', { changeIDs: [own.id, other.id] });
    expect(await mixed.json()).toEqual({
      message: `Bulk approval is running in the background, check back in a few minutes. Changes [${own.id}] could not be approved.`,
      successful: `[${other.id}]`,
      failed: `[${own.id}]`,
    });
  });

  it('refuses an empty selection with 422', async () => {
    const response = await post(bulkApproveItem, '/api/changes/item/bulkApproval', { changeIDs: [] });
    expect(response.status).toBe(422);
    expect((await response.json()).errors.changeIDs).toEqual(['Select at least one change.']);
  });
});

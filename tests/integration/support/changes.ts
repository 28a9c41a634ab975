import { inArray, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import {
  auditEntries,
  historyCounts,
  inboxCounts,
  itemChanges,
  items,
  masterdataChanges,
  pricingChanges,
  pricings,
  vendors,
} from '../../../db/schema';
import { uniqueTag } from './fixtures';

/**
 * Items, prices and changes made by a test for itself on a vendor of its own (code 'VT…', no documents,
 * so no retailer subsidiary trades with it unless the test adds a document), so approvals never meet
 * the seed's or another file's data. removeCreatedChanges() deletes everything made here.
 */
const made = { vendors: [] as number[], masterdata: [] as number[] };

export async function createVendor(): Promise<{ id: number; code: string }> {
  const tag = uniqueTag();
  const [vendor] = await db
    .insert(vendors)
    .values({ code: `VT${tag}`, name: `Test vendor ${tag}`, tinyMce: `vt-${tag}`, vendordata: { contactPhone: '+27 11 000 0000' } })
    .returning({ id: vendors.id, code: vendors.code });
  made.vendors.push(vendor.id);
  return vendor;
}

const EARLIER = sql`now() - interval '1 day'`;

/** An item changed (updated_at) a day ago, with a price of R 10.00, unless told otherwise. */
export async function createItem(vendorId: number, { costPrice = '10.00' } = {}) {
  const code = `T${uniqueTag()}`;
  const [item] = await db
    .insert(items)
    .values({
      vendorId,
      catalogueCode: code,
      descr: `Test item ${code}`,
      barcode: '6000000000001',
      packSize: 6,
      createdAt: EARLIER,
      updatedAt: EARLIER,
    })
    .returning();
  const [pricing] = await db
    .insert(pricings)
    .values({ itemId: item.id, costPrice, retailPrice: '13.00', effectiveFrom: '2026-01-01', createdAt: EARLIER, updatedAt: EARLIER })
    .returning();
  return { item, pricing };
}

type ChangeFixture = { vendorId: number; requestedBy: number | null; changeable: Record<string, unknown>; processId?: string };

export async function createItemChange(fixture: ChangeFixture & { itemId: number | null }) {
  const [change] = await db
    .insert(itemChanges)
    .values({ ...fixture, processId: fixture.processId ?? null })
    .returning();
  return change;
}

export async function createPricingChange(fixture: ChangeFixture & { itemId: number; pricingId: number | null }) {
  const [change] = await db
    .insert(pricingChanges)
    .values({ ...fixture, processId: fixture.processId ?? null })
    .returning();
  return change;
}

export async function createRecord(fixture: {
  vendorId: number;
  eventType: string;
  status?: string;
  requestedBy: number | null;
  oldValues?: Record<string, unknown>;
  newValues?: Record<string, unknown>;
}) {
  const [record] = await db
    .insert(masterdataChanges)
    .values({ processId: `TP-${uniqueTag()}`, status: 'pending', ...fixture })
    .returning();
  made.masterdata.push(record.id);
  return record;
}

/** Audit entries about one change (entity e.g. 'item_change'). */
export async function auditOf(entityType: string, entityId: number) {
  return db
    .select()
    .from(auditEntries)
    .where(sql`${auditEntries.entityType} = ${entityType} and ${auditEntries.entityId} = ${entityId}`);
}

export async function removeCreatedChanges(): Promise<void> {
  const vendorIds = made.vendors.splice(0);
  const records = made.masterdata.splice(0);
  if (records.length) await db.delete(masterdataChanges).where(inArray(masterdataChanges.id, records));
  if (!vendorIds.length) return;
  // One transaction: a vendor that still has documents cannot be deleted, and then its counters must stay
  // too (deleting them alone would leave those documents uncounted for every later test file).
  await db.transaction(async (tx) => {
    await tx.delete(itemChanges).where(inArray(itemChanges.vendorId, vendorIds));
    await tx.delete(pricingChanges).where(inArray(pricingChanges.vendorId, vendorIds));
    await tx.delete(items).where(inArray(items.vendorId, vendorIds));
    // The inbox and history counters a test document of the vendor left behind (kept by trigger, not by the document).
    await tx.delete(inboxCounts).where(inArray(inboxCounts.vendorId, vendorIds));
    await tx.delete(historyCounts).where(inArray(historyCounts.vendorId, vendorIds));
    await tx.delete(vendors).where(inArray(vendors.id, vendorIds));
  });
}

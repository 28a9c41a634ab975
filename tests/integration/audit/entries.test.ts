import { GET as entriesRoute } from '@/app/api/audit/entries/route';
import { POST as rejectItem } from '@/app/api/changes/item/reject/route';
import { pool } from '@/db/client';
import { createItem, createItemChange, createVendor, removeCreatedChanges } from '../support/changes';
import { get, post, RETAIL_ADMIN, STAFF, SUPPLIER } from '../changes/support';

afterAll(async () => {
  await removeCreatedChanges();
  await pool.end();
});

describe('GET /audit/entries (the audit screen)', () => {
  it('lists entries across the portal, newest first, filtered by who, what, kind and date', async () => {
    const vendor = await createVendor();
    const { item } = await createItem(vendor.id);
    const change = await createItemChange({
      vendorId: vendor.id,
      itemId: item.id,
      requestedBy: null,
      changeable: { catalogueCode: item.catalogueCode },
    });
    await post(rejectItem, '/api/changes/item/reject', { changeID: change.id, reason: 'Audit me' });

    const all = await (await get(entriesRoute, '/api/audit/entries')).json();
    expect(all.entries).toMatchObject({ per_page: 25, current_page: 1 });
    expect(all.entries.total).toBeGreaterThan(1);
    const today = new Date().toISOString().slice(0, 10);
    const url = `/api/audit/entries?owner=staff&action=rejected&entity_type=item_change&date_from=${today}&date_to=${today}`;
    const filtered = await (await get(entriesRoute, url)).json();
    expect(filtered.entries.data[0]).toMatchObject({
      owner: { name: expect.any(String) },
      action: 'rejected',
      entity_type: 'item_change',
      entity_id: change.id,
      descr: `Item change ${change.id} for ${item.catalogueCode} rejected: Audit me`,
      time: expect.any(String),
    });
    const documents = await (await get(entriesRoute, '/api/audit/entries?docno=PO&pageLimit=5')).json();
    expect(documents.entries.data.every((e: { docno: string | null }) => e.docno?.includes('PO'))).toBe(true);
  });

  it('sorts by who over every page, each way, and refuses a sort it does not offer', async () => {
    const names = async (query: string) =>
      ((await (await get(entriesRoute, `/api/audit/entries?${query}`)).json()).entries.data as { owner: { name: string } }[]).map(
        (e) => e.owner.name,
      );
    const ascending = [...(await names('sort=owner&pageLimit=10')), ...(await names('sort=owner&pageLimit=10&page=2'))];
    expect(ascending).toEqual([...ascending].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const descending = await names('sort=owner&direction=desc&pageLimit=10');
    expect(descending).toEqual([...descending].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(descending[0] >= ascending.at(-1)!).toBe(true);
    expect((await get(entriesRoute, '/api/audit/entries?sort=descr')).status).toBe(422);
  });

  it('refuses a reversed date range with 422 and other roles with 403', async () => {
    expect((await get(entriesRoute, '/api/audit/entries?date_from=2026-02-01&date_to=2026-01-01')).status).toBe(422);
    expect((await get(entriesRoute, '/api/audit/entries', RETAIL_ADMIN)).status).toBe(403);
    expect((await get(entriesRoute, '/api/audit/entries', SUPPLIER)).status).toBe(403);
    expect((await get(entriesRoute, '/api/audit/entries', STAFF)).status).toBe(200);
  });
});

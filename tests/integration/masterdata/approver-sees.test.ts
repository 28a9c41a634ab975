import { eq, inArray } from 'drizzle-orm';
import { GET as downloadRoute } from '@/app/api/files/[id]/download/route';
import { GET as historyRoute } from '@/app/api/masterdata/history/route';
import { GET as uploadRowsRoute } from '@/app/api/masterdata/history/rows/route';
import { POST as approveRoute } from '@/app/api/changes/file/approve/route';
import { POST as vendorUpdateRoute } from '@/app/api/vendors/update/route';
import { db, pool } from '@/db/client';
import { masterdataChanges, uploadedFiles, vendors } from '@/db/schema';
import type { HistoryRow } from '@/lib/domain/masterdata/queries';
import type { UploadRow } from '@/lib/domain/masterdata/upload-rows';
import { callRoute, sessionHeaders, userId } from '../support/actors';
import { createItem, createPricingChange, createRecord, createVendor, removeCreatedChanges } from '../support/changes';
import { vendorByCode } from '../support/fixtures';
import { ADMIN, get, post, RETAIL_ADMIN, RETAIL_USER, STAFF } from '../changes/support';

/*
 * Issue 27 point 2: an approver sees what it approves. A vendor-data change reads as named fields old
 * beside new with its B-BBEE certificates to open (GET /files/{id}/download, within scope), and an
 * upload shows the rows it carries.
 */

const OTHER_SUPPLIER = 'other.supplier@portal.test'; // v_admin of V0003 only
const SUPPLIER = 'supplier@portal.test'; // v_admin of V0001
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const files: number[] = [];
const submittedFor: number[] = [];
let v0001Certificate: number | null = null;

afterAll(async () => {
  await db.update(vendors).set({ bbbeeFileId: v0001Certificate }).where(eq(vendors.code, 'V0001'));
  if (submittedFor.length) await db.delete(masterdataChanges).where(inArray(masterdataChanges.vendorId, submittedFor));
  await removeCreatedChanges();
  await db.update(vendors).set({ bbbeeFileId: null }).where(inArray(vendors.bbbeeFileId, files));
  await db.delete(uploadedFiles).where(inArray(uploadedFiles.id, files));
  await pool.end();
});

async function storedCertificate(fileName: string): Promise<number> {
  const [row] = await db
    .insert(uploadedFiles)
    .values({ fileName, contentType: 'application/pdf', byteSize: PDF.length, content: PDF, purpose: 'bbbee' })
    .returning({ id: uploadedFiles.id });
  files.push(row.id);
  return row.id;
}

const download = async (email: string, id: number) =>
  callRoute(downloadRoute, `/api/files/${id}/download`, { headers: await sessionHeaders(email), params: { id: String(id) } });

async function historyRowOf(email: string, processId: string): Promise<HistoryRow> {
  const response = await get(historyRoute, `/api/masterdata/history?search=${processId}&status=all`, email);
  expect(response.status).toBe(200);
  const [row] = (await response.json()).histories.data as HistoryRow[];
  return row;
}

/** A pending change of V0001 (traded by SUB01) replacing the vendor's certificate with a new one. */
async function vendorChangeWithCertificate() {
  const vendor = await vendorByCode('V0001');
  v0001Certificate = vendor.bbbeeFileId ?? null;
  const current = await storedCertificate('current certificate.pdf');
  await db.update(vendors).set({ bbbeeFileId: current }).where(eq(vendors.id, vendor.id));
  const proposed = await storedCertificate('B-BBEE 2027 (signed).pdf');
  const record = await createRecord({
    vendorId: vendor.id,
    eventType: 'vendor.update',
    requestedBy: await userId(SUPPLIER),
    oldValues: { contactName: 'Old Contact', bbbeeLevel: 3, bank: { name: 'Old Bank', account: '1111111111', branchCode: '111111' } },
    newValues: {
      contactName: 'New Contact',
      bbbeeLevel: 2,
      bank: { name: 'New Bank', account: '2222222222', branchCode: '111111' },
      bbbeeFileId: proposed,
    },
  });
  return { record, current, proposed };
}

describe('a vendor-data change as an approver reads it', () => {
  it('names each field, shows bank details part by part old beside new, and the certificates as files', async () => {
    const { record, current, proposed } = await vendorChangeWithCertificate();
    const row = await historyRowOf(STAFF, record.processId);
    const byLabel = Object.fromEntries(row.fields!.map((f) => [f.label, f]));
    expect(byLabel['Contact name']).toMatchObject({ current: 'Old Contact', proposed: 'New Contact', changed: true });
    expect(byLabel['B-BBEE level']).toMatchObject({ current: '3', proposed: '2', changed: true });
    expect(byLabel['Bank']).toMatchObject({ current: 'Old Bank', proposed: 'New Bank', changed: true });
    expect(byLabel['Account number']).toMatchObject({ current: '1111111111', proposed: '2222222222', changed: true });
    expect(byLabel['Branch code']).toMatchObject({ current: '111111', proposed: '111111', changed: false });
    expect(byLabel['B-BBEE certificate']).toMatchObject({
      current: 'current certificate.pdf',
      proposed: 'B-BBEE 2027 (signed).pdf',
      changed: true,
      currentFile: { id: current, name: 'current certificate.pdf' },
      proposedFile: { id: proposed, name: 'B-BBEE 2027 (signed).pdf' },
    });
    expect(row.fields!.some((f) => f.label === 'bbbeeFileId' || f.label === 'bank')).toBe(false);
  });

  it('shows a reader without the right one line saying the bank details are hidden', async () => {
    const { record } = await vendorChangeWithCertificate();
    const row = await historyRowOf(RETAIL_USER, record.processId);
    const bank = row.fields!.filter((f) => f.key.startsWith('bank'));
    expect(bank).toEqual([expect.objectContaining({ label: 'Bank details', current: expect.stringMatching(/^Hidden/) })]);
    expect(JSON.stringify(row)).not.toContain('2222222222');
  });
});

describe('POST /vendors/update then approval', () => {
  it('records the certificate a change replaces, so the decided change still reads old beside new', async () => {
    const vendor = await createVendor();
    submittedFor.push(vendor.id);
    const old = await storedCertificate('old certificate.pdf');
    await db.update(vendors).set({ bbbeeFileId: old }).where(eq(vendors.id, vendor.id));
    const form = new FormData();
    form.set('vendor', JSON.stringify({ id: vendor.id, vendordata: { bbbeeLevel: 2 } }));
    form.set('bbbee_file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'new certificate.pdf');
    const headers = await sessionHeaders(STAFF);
    delete headers['content-type'];
    const submitted = await vendorUpdateRoute(new Request('http://localhost/vendors/update', { method: 'POST', headers, body: form }));
    expect(submitted.status).toBe(200);
    const { process_id: processId, bbbee_file_id: proposed } = (await submitted.json()) as { process_id: string; bbbee_file_id: number };
    files.push(proposed);
    // Someone other than the requester approves (four eyes).
    const approved = await post(
      approveRoute,
      '/api/changes/file/approve',
      {
        process_id: processId,
        event_type: 'vendor.update',
        status: 'pending',
      },
      ADMIN,
    );
    expect(approved.status).toBe(200);
    const row = await historyRowOf(STAFF, processId);
    expect(row.status).toBe('approved');
    expect(row.fields!.find((f) => f.key === 'bbbeeFileId')).toMatchObject({
      currentFile: { id: old, name: 'old certificate.pdf' },
      proposedFile: { id: proposed, name: 'new certificate.pdf' },
      changed: true,
    });
    // Decided, the replaced certificate is still the change's to show its readers.
    expect((await download(RETAIL_ADMIN, old)).status).toBe(404); // a vendor no subsidiary trades with
    expect((await download(STAFF, old)).status).toBe(200);
  });
});

describe('GET /files/{id}/download of a certificate', () => {
  it('serves an approver the proposed and the current certificate with its type and name, within scope', async () => {
    const { current, proposed } = await vendorChangeWithCertificate();
    for (const approver of [STAFF, RETAIL_ADMIN]) {
      const response = await download(approver, proposed);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="B-BBEE_2027_signed_.pdf"');
      expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF);
      // The certificate it replaces, beside it in the review: a retail approver does not manage vendors.
      expect((await download(approver, current)).status).toBe(200);
    }
    // Another vendor's supplier sees neither; the vendor's own supplier its current certificate.
    expect((await download(OTHER_SUPPLIER, proposed)).status).toBe(404);
    expect((await download(OTHER_SUPPLIER, current)).status).toBe(404);
    expect((await download(SUPPLIER, current)).status).toBe(200);
  });

  it('answers 404 to an approver whose scope does not hold the change', async () => {
    const vendor = await createVendor(); // trades with no subsidiary: no retail user's scope holds it
    const proposed = await storedCertificate('elsewhere.pdf');
    await createRecord({ vendorId: vendor.id, eventType: 'vendor.update', requestedBy: null, newValues: { bbbeeFileId: proposed } });
    expect((await download(STAFF, proposed)).status).toBe(200);
    expect((await download(RETAIL_ADMIN, proposed)).status).toBe(404);
    expect((await download(OTHER_SUPPLIER, proposed)).status).toBe(404);
  });
});

describe('GET /masterdata/history/rows: the rows an upload carries', () => {
  it('lists its own process’s changes a page at a time, old → new in words, within scope', async () => {
    const vendor = await createVendor();
    const requestedBy = await userId(SUPPLIER);
    const record = await createRecord({
      vendorId: vendor.id,
      eventType: 'pricing.upload',
      requestedBy,
      newValues: { rows: 3, valid: 3, invalid: 0 },
    });
    const made = await Promise.all([createItem(vendor.id, { costPrice: '20.15' }), createItem(vendor.id), createItem(vendor.id)]);
    for (const { item, pricing } of made) {
      await createPricingChange({
        vendorId: vendor.id,
        requestedBy,
        itemId: item.id,
        pricingId: pricing.id,
        processId: record.processId,
        changeable: { catalogueCode: item.catalogueCode, costPrice: '21.00', previousCostPrice: pricing.costPrice },
      });
    }
    const { item: otherItem, pricing: otherPricing } = await createItem(vendor.id);
    await createPricingChange({
      vendorId: vendor.id,
      requestedBy,
      itemId: otherItem.id,
      pricingId: otherPricing.id,
      changeable: { catalogueCode: 'X', costPrice: '1.00' },
    });

    const url = (page: number) =>
      `/api/masterdata/history/rows?process_id=${record.processId}&event_type=pricing.upload&pageLimit=2&page=${page}`;
    const first = await get(uploadRowsRoute, url(1), STAFF);
    expect(first.status).toBe(200);
    const { rows } = (await first.json()) as { rows: { data: UploadRow[]; total: number; last_page: number } };
    expect(rows).toMatchObject({ total: 3, last_page: 2 });
    expect(rows.data[0].catalogue_code).toBe(made[0].item.catalogueCode);
    expect(rows.data[0].fields.find((f) => f.key === 'costPrice')).toMatchObject({
      label: 'Cost price',
      current: '20.15',
      proposed: '21.00',
      changed: true,
    });
    const second = (await (await get(uploadRowsRoute, url(2), STAFF)).json()) as { rows: { data: UploadRow[] } };
    expect(second.rows.data.map((r) => r.catalogue_code)).toEqual([made[2].item.catalogueCode]);

    expect((await get(uploadRowsRoute, url(1), RETAIL_ADMIN)).status).toBe(404);
    expect((await get(uploadRowsRoute, url(1), OTHER_SUPPLIER)).status).toBe(403);
  });
});

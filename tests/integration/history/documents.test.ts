import { eq, inArray } from 'drizzle-orm';
import { GET as downloadRoute } from '@/app/api/files/[id]/download/route';
import { GET as scanRoute } from '@/app/api/xdocs/[id]/scan-pdf/route';
import { GET as relatedRoute } from '@/app/api/xdocs/route';
import { GET as findRoute } from '@/app/api/history/find/route';
import { db, pool } from '@/db/client';
import { uploadedFiles, vendors, xdocs } from '@/db/schema';
import { createDocument, createOrder, removeCreatedDocuments } from '../support/fixtures';
import { get, RETAIL_USER, STAFF, storeOf, SUPPLIER } from './helpers';

const files: number[] = [];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

afterAll(async () => {
  await db.update(vendors).set({ bbbeeFileId: null }).where(inArray(vendors.bbbeeFileId, files));
  await removeCreatedDocuments();
  await db.delete(uploadedFiles).where(inArray(uploadedFiles.id, files));
  await pool.end();
});

async function storedFile(fileName: string, purpose: string): Promise<number> {
  const [row] = await db
    .insert(uploadedFiles)
    .values({ fileName, contentType: 'application/octet-stream', byteSize: PDF.length, content: PDF, purpose })
    .returning({ id: uploadedFiles.id });
  files.push(row.id);
  return row.id;
}

/** An order of SUB01 (S001) with its delivery note, invoice and dispute, and one of SUB03 with the same number. */
async function orderFamily() {
  const order = await createOrder({ vendorCode: 'V0001' });
  const related = await Promise.all(
    (['deliverynote', 'invoice', 'dispute', 'aux.grv', 'remittance'] as const).map((type) =>
      createDocument({ vendorCode: 'V0001', type, relatedXdocId: order.id, orderno: order.docno }),
    ),
  );
  const elsewhere = await createDocument({
    vendorCode: 'V0001',
    type: 'invoice',
    storeCode: (await storeOf('SUB03')).code,
    orderno: order.docno,
  });
  return { order, related, elsewhere };
}

describe('related documents (GET /xdocs?orderno=)', () => {
  it('lists every document of the order for staff, and a c_user only those of its subsidiary', async () => {
    const { order, related, elsewhere } = await orderFamily();
    const all = (await (await get(relatedRoute, `/api/xdocs?orderno=${order.docno}`, STAFF)).json()) as { xdocs: { id: number }[] };
    expect(all.xdocs.map((x) => x.id).sort()).toEqual([order.id, ...related.map((r) => r.id), elsewhere.id].sort());
    const mine = (await (await get(relatedRoute, `/api/xdocs?orderno=${order.docno}`, RETAIL_USER)).json()) as { xdocs: { id: number }[] };
    expect(mine.xdocs.map((x) => x.id).sort()).toEqual([order.id, ...related.map((r) => r.id)].sort());
    expect((await get(relatedRoute, '/api/xdocs', STAFF)).status).toBe(422);
  });
});

describe('scans and files', () => {
  it('serves a document’s scan inline and its file as a download, with the type read from the bytes', async () => {
    const invoice = await createDocument({ vendorCode: 'V0001', type: 'invoice' });
    const fileId = await storedFile('invoice "scan".pdf', 'invoice');
    await db.update(xdocs).set({ scanFileId: fileId }).where(eq(xdocs.id, invoice.id));

    const scan = await get(scanRoute, '/', RETAIL_USER, { id: invoice.tinyMce });
    expect(scan.status).toBe(200);
    expect(scan.headers.get('content-type')).toBe('application/pdf');
    expect(scan.headers.get('content-disposition')).toBe('inline; filename="invoice_scan_.pdf"');
    expect(Buffer.from(await scan.arrayBuffer())).toEqual(PDF);

    const download = await get(downloadRoute, '/', SUPPLIER, { id: String(fileId) });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="invoice_scan_.pdf"');
  });

  it('answers 404 for a scan or file outside the caller’s scope, and for a document without a scan', async () => {
    const theirs = await createDocument({ vendorCode: 'V0003', type: 'invoice', storeCode: (await storeOf('SUB03')).code });
    const fileId = await storedFile('theirs.pdf', 'invoice');
    await db.update(xdocs).set({ scanFileId: fileId }).where(eq(xdocs.id, theirs.id));
    expect((await get(scanRoute, '/', RETAIL_USER, { id: theirs.tinyMce })).status).toBe(404);
    expect((await get(downloadRoute, '/', RETAIL_USER, { id: String(fileId) })).status).toBe(404);
    expect((await get(downloadRoute, '/', SUPPLIER, { id: String(fileId) })).status).toBe(404);
    expect((await get(downloadRoute, '/', STAFF, { id: String(fileId) })).status).toBe(200);
    const loose = await storedFile('loose.pdf', 'scan');
    expect((await get(downloadRoute, '/', STAFF, { id: String(loose) })).status).toBe(404);
    const plain = await createOrder({ vendorCode: 'V0001' });
    expect((await get(scanRoute, '/', STAFF, { id: plain.tinyMce })).status).toBe(404);
    expect((await get(downloadRoute, '/', STAFF, { id: 'abc' })).status).toBe(422);
  });

  it('serves a vendor’s B-BBEE certificate to its supplier and vendor managers, not to retail users', async () => {
    const fileId = await storedFile('bbbee.pdf', 'bbbee');
    await db.update(vendors).set({ bbbeeFileId: fileId }).where(eq(vendors.code, 'V0001'));
    expect((await get(downloadRoute, '/', SUPPLIER, { id: String(fileId) })).status).toBe(200);
    expect((await get(downloadRoute, '/', STAFF, { id: String(fileId) })).status).toBe(200);
    expect((await get(downloadRoute, '/', RETAIL_USER, { id: String(fileId) })).status).toBe(404);
    expect((await get(downloadRoute, '/', 'other.supplier@portal.test', { id: String(fileId) })).status).toBe(404);
  });
});

describe('one-box search (GET /history/find?number=)', () => {
  it('finds a document by any of its numbers, in scope only', async () => {
    const invoice = await createDocument({ vendorCode: 'V0001', type: 'invoice', invoiceNumber: 'INVBOX123' });
    const found = (await (await get(findRoute, '/api/history/find?number=invbox123', STAFF)).json()) as {
      xdocs: { id: number; matchedOn: string }[];
    };
    expect(found.xdocs).toEqual([expect.objectContaining({ id: invoice.id, matchedOn: 'invoiceNumber' })]);
    const order = await createOrder({
      vendorCode: 'V0001',
      response: { response: 'confirmed', supplierRef: 'REFBOX9' },
      storeCode: (await storeOf('SUB03')).code,
    });
    const byRef = (await (await get(findRoute, '/api/history/find?number=refbox9', STAFF)).json()) as { xdocs: { id: number }[] };
    expect(byRef.xdocs.map((x) => x.id)).toEqual([order.id]);
    const hidden = (await (await get(findRoute, '/api/history/find?number=REFBOX9', RETAIL_USER)).json()) as { xdocs: unknown[] };
    expect(hidden.xdocs).toEqual([]);
    expect((await get(findRoute, `/api/history/find?number=${order.docno}`, STAFF)).status).toBe(200);
    expect((await get(findRoute, '/api/history/find', STAFF)).status).toBe(422);
  });
});

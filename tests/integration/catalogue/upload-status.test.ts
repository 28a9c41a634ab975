import { POST as itemsUploadRoute } from '@/app/api/items/upload/route';
import { POST as pricingsUploadRoute } from '@/app/api/pricings/upload/route';
import { GET as errorsRoute } from '@/app/api/uploads/[processId]/errors/route';
import { GET as statusRoute } from '@/app/api/uploads/[processId]/route';
import { pool } from '@/db/client';
import { catalogueUploadJob } from '@/jobs/processors/catalogue-upload';
import { callRoute, sessionHeaders, userId } from '../support/actors';
import { closeTestQueue, csvOf, postUpload, removeCatalogueWork, rowsOfXlsx, runJobs } from '../support/catalogue';

/**
 * Issue 27: "Uploaded successfully" was all the screen said, even when every row failed. GET
 * /uploads/{processId} tells the upload dialog how the worker got on (rows accepted and refused, with
 * reasons), and GET /uploads/{processId}/errors serves the error file the e-mail attaches, both within
 * the caller's scope.
 */

const SUPPLIER = 'supplier@portal.test';
const OTHER = 'other.supplier@portal.test';
const HEADER = ['vendorCode', 'catalogueCode', 'costPrice', 'effectiveFrom'];

afterAll(async () => {
  await removeCatalogueWork([await userId(SUPPLIER), await userId(OTHER)]);
  await closeTestQueue();
  await pool.end();
});

async function upload(rows: (string | number)[][]): Promise<string> {
  const response = await postUpload(pricingsUploadRoute, '/api/pricings/upload', SUPPLIER, {
    file: csvOf([HEADER, ...rows]),
    fileName: 'p.csv',
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { processId: string }).processId;
}

async function call(handler: typeof statusRoute, processId: string, email = SUPPLIER, suffix = '') {
  return callRoute(handler, `/api/uploads/${processId}${suffix}`, { headers: await sessionHeaders(email), params: { processId } });
}

describe('GET /uploads/{processId}', () => {
  it('says processing until the worker has read the file, then the rows accepted and refused with their reasons', async () => {
    const processId = await upload([
      ['V0001', '101001', '12.50', '2026-12-01'],
      ['V0001', '999999', '10.00', '2026-12-01'],
      ['V0001', '101002', 'ten', '2026-12-01'],
    ]);
    const before = await call(statusRoute, processId);
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({
      processId,
      kind: 'pricing',
      status: 'processing',
      valid: null,
      refused: [],
      errorFile: null,
    });

    await runJobs('catalogue-upload', catalogueUploadJob);
    const after = await (await call(statusRoute, processId)).json();
    expect(after).toMatchObject({ status: 'pending', fileName: 'p.csv', rows: 3, valid: 1, invalid: 2, error: null, moreRefused: 0 });
    expect(after.refused).toEqual(
      expect.arrayContaining([
        { row: 3, column: 'Catalogue code', error: '999999 is not an item of this vendor.' },
        { row: 4, column: 'Cost price', error: 'Cost price must be an amount with at most two decimals.' },
      ]),
    );
    expect(after.errorFile).toBe(`/api/uploads/${processId}/errors`);

    const file = await call(errorsRoute, processId, SUPPLIER, '/errors');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="pricing_upload_errors.xlsx"');
    const rows = await rowsOfXlsx(await file.arrayBuffer());
    expect(rows[0]).toEqual(['Row', 'Column', 'Error']);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['3', '4']);
  });

  it('words its refusals as the vocabulary names the fields, whether the header used those words or the API names', async () => {
    const rows = [
      ['V0001', '101001', '', '12', '', ''],
      ['V0001', 'NEW-WORDS-1', '', '', 'EA', '1'],
    ];
    for (const header of [
      ['vendorCode', 'catalogueCode', 'descr', 'barcode', 'unitOfMeasure', 'packSize'],
      ['Vendor code', 'Catalogue code', 'Description', 'Barcode', 'Unit of measure', 'Pack size'],
    ]) {
      const response = await postUpload(itemsUploadRoute, '/api/items/upload', SUPPLIER, {
        file: csvOf([header, ...rows]),
        fileName: 'i.csv',
      });
      expect(response.status).toBe(200);
      const { processId } = (await response.json()) as { processId: string };
      await runJobs('catalogue-upload', catalogueUploadJob);
      const status = await (await call(statusRoute, processId)).json();
      expect(status).toMatchObject({ kind: 'items', rows: 2, invalid: 2 });
      expect(status.refused).toEqual([
        { row: 2, column: 'Barcode', error: 'Barcode must be 8 to 14 digits.' },
        { row: 3, column: 'Description', error: 'Description is required for a new item.' },
      ]);
    }
  });

  it('says failed with every row refused when no row could be used', async () => {
    const processId = await upload([
      ['V0001', '101001', '-1', '2026-12-01'],
      ['V0001', '101002', '', '2026-12-01'],
    ]);
    await runJobs('catalogue-upload', catalogueUploadJob);
    const status = await (await call(statusRoute, processId)).json();
    expect(status).toMatchObject({ status: 'failed', rows: 2, valid: 0, invalid: 2 });
    expect(status.refused.map((r: { row: number }) => r.row)).toEqual([2, 3]);
  });

  it('answers another supplier 404, as for an upload that does not exist, for the status and the error file', async () => {
    const processId = await upload([['V0001', '999999', '10.00', '2026-12-01']]);
    await runJobs('catalogue-upload', catalogueUploadJob);
    expect((await call(statusRoute, processId, OTHER)).status).toBe(404);
    expect((await call(errorsRoute, processId, OTHER, '/errors')).status).toBe(404);
    expect((await call(statusRoute, '7d1f0c6e-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call(statusRoute, 'not-an-id')).status).toBe(422);
  });
});

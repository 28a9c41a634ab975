import { and, count, eq } from 'drizzle-orm';
import { POST as itemsUploadRoute } from '@/app/api/items/upload/route';
import { GET as itemsVerifyUploadRoute } from '@/app/api/items/verify/upload/route';
import { POST as pricingsUploadRoute } from '@/app/api/pricings/upload/route';
import { GET as pricingsVerifyUploadRoute } from '@/app/api/pricings/verify/upload/route';
import { db, pool } from '@/db/client';
import { itemChanges, items, masterdataChanges, outbox, pricingChanges, pricings, uploadedFiles, userActivities } from '@/db/schema';
import { catalogueUploadJob } from '@/jobs/processors/catalogue-upload';
import { sendEmailJob } from '@/jobs/processors/send-email';
import { env } from '@/lib/env';
import { callRoute, sessionHeaders, userId } from '../support/actors';
import { csvOf, endMailingCatalogueTests, postUpload, rowsOfXlsx, runJobs, xlsxOf } from '../support/catalogue';
import { TestSmtpServer } from '../support/smtp';

const SUPPLIER = 'supplier@portal.test';
const OTHER = 'other.supplier@portal.test';
const BUSY = 'Please try again after few minutes, there is a background process in progress';
const PRICING_HEADER = ['vendorCode', 'catalogueCode', 'costPrice', 'effectiveFrom'];
const ITEM_HEADER = ['vendorCode', 'catalogueCode', 'descr', 'barcode', 'unitOfMeasure', 'packSize'];

const smtp = new TestSmtpServer();

beforeAll(async () => {
  await smtp.start();
  env.SMTP_URL = smtp.url;
});

afterEach(async () => {
  // Each test leaves no upload running, so the next may upload for the same vendor.
  await runJobs('catalogue-upload', catalogueUploadJob);
});

afterAll(async () => {
  await endMailingCatalogueTests(smtp);
  await pool.end();
});

/** What an upload may have written: records, stored files, changes, jobs. Refused uploads leave all of it alone. */
async function footprint() {
  const [[records], [files], [changes], [prices], [jobs]] = await Promise.all([
    db.select({ n: count() }).from(masterdataChanges),
    db.select({ n: count() }).from(uploadedFiles),
    db.select({ n: count() }).from(itemChanges),
    db.select({ n: count() }).from(pricingChanges),
    db.select({ n: count() }).from(outbox),
  ]);
  return { records: records.n, files: files.n, changes: changes.n, prices: prices.n, jobs: jobs.n };
}

async function expectRefused(response: Response, status: number, fileMessage: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
  expect(body.errors.file?.[0]).toBe(fileMessage);
}

async function verify(handler: typeof itemsVerifyUploadRoute, email = SUPPLIER) {
  const response = await callRoute(handler, '/api/verify', { headers: await sessionHeaders(email) });
  expect(response.status).toBe(200);
  return (await response.json()) as { success: boolean; message: string };
}

async function recordOf(processId: string) {
  const [record] = await db.select().from(masterdataChanges).where(eq(masterdataChanges.processId, processId));
  return record;
}

const pricingChangesOf = (processId: string) =>
  db.select().from(pricingChanges).where(eq(pricingChanges.processId, processId)).orderBy(pricingChanges.id);

describe('refused uploads', () => {
  it('refuses an upload without a file with the spec’s message and writes nothing', async () => {
    const before = await footprint();
    await expectRefused(
      await postUpload(pricingsUploadRoute, '/api/pricings/upload', SUPPLIER, { comments: 'no file' }),
      422,
      'Please Attach File before you submit',
    );
    expect(await footprint()).toEqual(before);
  });

  it('refuses a PDF renamed to .xlsx, by its content', async () => {
    const before = await footprint();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    await expectRefused(
      await postUpload(pricingsUploadRoute, '/api/pricings/upload', SUPPLIER, { file: pdf, fileName: 'prices.xlsx' }),
      422,
      'The file must be a Excel workbook (.xlsx) or CSV file.',
    );
    expect(await footprint()).toEqual(before);
  });

  it('refuses a file with the wrong columns, naming the missing ones', async () => {
    const before = await footprint();
    const file = await xlsxOf([
      ['vendorCode', 'catalogueCode', 'price'],
      ['V0001', '101001', '12.00'],
    ]);
    await expectRefused(
      await postUpload(pricingsUploadRoute, '/api/pricings/upload', SUPPLIER, { file }),
      422,
      // In words, as the template and the error file name the columns, though this file's header used the API names.
      "The file's columns must include Vendor code, Catalogue code, Cost price, Effective from; missing: Cost price, Effective from.",
    );
    await expectRefused(
      await postUpload(itemsUploadRoute, '/api/items/upload', SUPPLIER, { file: csvOf([ITEM_HEADER]), fileName: 'x.csv' }),
      422,
      'The file has no rows below its header.',
    );
    expect(await footprint()).toEqual(before);
  });

  it('refuses a file over 10 MB with the file’s message', async () => {
    const before = await footprint();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    await expectRefused(
      await postUpload(pricingsUploadRoute, '/api/pricings/upload', SUPPLIER, { file: big, fileName: 'big.csv' }),
      422,
      'The file may be at most 10 MB.',
    );
    expect(await footprint()).toEqual(before);
  });

  it('refuses other.supplier an upload for V0001, and staff any upload', async () => {
    const before = await footprint();
    const file = await xlsxOf([PRICING_HEADER, ['V0001', '101001', '10.00', '2026-12-01']]);
    await expectRefused(
      await postUpload(pricingsUploadRoute, '/api/pricings/upload', OTHER, { file }),
      422,
      'Vendor V0001 in row 2 is not one of your vendors.',
    );
    const staff = await postUpload(pricingsUploadRoute, '/api/pricings/upload', 'staff@portal.test', { file });
    expect(staff.status).toBe(403);
    expect(await footprint()).toEqual(before);
  });
});

describe('a valid pricing upload', () => {
  it('answers at once, blocks further uploads of the vendor while it runs, then becomes pending changes', async () => {
    expect(await verify(pricingsVerifyUploadRoute)).toEqual({ success: true, message: 'You may upload a file.' });
    const [item1] = await db.select().from(items).where(eq(items.catalogueCode, '101001'));
    const [general] = await db
      .select()
      .from(pricings)
      .where(and(eq(pricings.itemId, item1.id)))
      .orderBy(pricings.effectiveFrom);
    const file = await xlsxOf([PRICING_HEADER, ['V0001', '101001', 12.5, '2026-12-01'], ['V0001', '101002', '8.05', '2027-01-01']]);

    const response = await postUpload(pricingsUploadRoute, '/api/pricings/upload', SUPPLIER, { file, comments: 'December prices' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; processId: string };
    expect(body.message).toBe('Uploaded successfully');
    const record = await recordOf(body.processId);
    expect(record).toMatchObject({ eventType: 'pricing.upload', status: 'processing', requestedBy: await userId(SUPPLIER) });
    expect(record.fileId).not.toBeNull();

    // While the worker has not read it, both verify calls say so, and another upload of V0001 is refused.
    expect(await verify(pricingsVerifyUploadRoute)).toEqual({ success: false, message: BUSY });
    expect(await verify(itemsVerifyUploadRoute)).toEqual({ success: false, message: BUSY });
    expect((await verify(pricingsVerifyUploadRoute, OTHER)).success).toBe(true);
    const second = await postUpload(pricingsUploadRoute, '/api/pricings/upload', SUPPLIER, { file });
    expect(second.status).toBe(409);
    expect(((await second.json()) as { message: string }).message).toBe(BUSY);

    await runJobs('catalogue-upload', catalogueUploadJob);
    const changes = await pricingChangesOf(body.processId);
    expect(changes.map((c) => c.changeable)).toEqual([
      { catalogueCode: '101001', costPrice: '12.50', effectiveFrom: '2026-12-01', previousCostPrice: general.costPrice },
      expect.objectContaining({ catalogueCode: '101002', costPrice: '8.05', effectiveFrom: '2027-01-01' }),
    ]);
    expect(changes.every((c) => c.status === 'pending' && c.requestedBy === record.requestedBy && c.vendorId === record.vendorId)).toBe(
      true,
    );
    expect(changes[0]).toMatchObject({ itemId: item1.id, pricingId: general.id });
    expect((await recordOf(body.processId)).status).toBe('pending');
    expect((await recordOf(body.processId)).newValues).toMatchObject({ rows: 2, valid: 2, invalid: 0, comments: 'December prices' });
    expect(await verify(pricingsVerifyUploadRoute)).toEqual({ success: true, message: 'You may upload a file.' });

    const activity = await db
      .select()
      .from(userActivities)
      .where(and(eq(userActivities.userId, await userId(SUPPLIER)), eq(userActivities.activity, 'upload')));
    expect(activity.some((a) => (a.detail as { processId?: string }).processId === body.processId)).toBe(true);
  });

  it('creates no duplicate change when its job is delivered or run again', async () => {
    const file = csvOf([PRICING_HEADER, ['V0002', '102001', '3.10', '2026-12-01'], ['V0002', '102002', '4.20', '2026-12-01']]);
    const { processId } = (await (
      await postUpload(pricingsUploadRoute, '/api/pricings/upload', SUPPLIER, { file, fileName: 'p.csv' })
    ).json()) as {
      processId: string;
    };
    const [job] = await db.select().from(outbox).where(eq(outbox.kind, 'catalogue-upload')).orderBy(outbox.id).limit(1);
    await runJobs('catalogue-upload', catalogueUploadJob);
    expect(await pricingChangesOf(processId)).toHaveLength(2);

    // BullMQ delivers again (the row is done): skipped.
    await db.update(outbox).set({ status: 'queued' }).where(eq(outbox.id, job.id));
    await runJobs('catalogue-upload', catalogueUploadJob);
    expect(await pricingChangesOf(processId)).toHaveLength(2);

    // Even a run of a record put back to 'processing' replaces its changes instead of adding to them.
    await db.update(masterdataChanges).set({ status: 'processing' }).where(eq(masterdataChanges.processId, processId));
    await db.update(outbox).set({ status: 'pending' }).where(eq(outbox.id, job.id));
    await runJobs('catalogue-upload', catalogueUploadJob);
    const again = await pricingChangesOf(processId);
    expect(again.map((c) => (c.changeable as { catalogueCode: string }).catalogueCode)).toEqual(['102001', '102002']);
  });
});

describe('a valid item upload', () => {
  it('proposes changes to known items and new items as pending item changes', async () => {
    const [known] = await db.select().from(items).where(eq(items.catalogueCode, '101003'));
    const file = await xlsxOf([
      ITEM_HEADER,
      ['V0001', '101003', 'Renamed item', '', '', 12],
      ['V0001', 'NEW-001', 'A new item', '6001234567890', 'cs', ''],
    ]);
    const response = await postUpload(itemsUploadRoute, '/api/items/upload', SUPPLIER, { file });
    expect(response.status).toBe(200);
    const { processId } = (await response.json()) as { processId: string };
    await runJobs('catalogue-upload', catalogueUploadJob);
    const changes = await db.select().from(itemChanges).where(eq(itemChanges.processId, processId)).orderBy(itemChanges.id);
    expect(changes.map((c) => [c.itemId, c.status, c.changeable])).toEqual([
      [known.id, 'pending', { catalogueCode: '101003', descr: 'Renamed item', packSize: 12 }],
      [null, 'pending', { catalogueCode: 'NEW-001', descr: 'A new item', barcode: '6001234567890', unitOfMeasure: 'CS', packSize: 1 }],
    ]);
    expect((await recordOf(processId)).eventType).toBe('items.upload');
  });
});

/** The first attachment of a received message, decoded (nodemailer writes attachments in base64). */
function attachmentOf(raw: string): Buffer {
  const match = /Content-Disposition: attachment[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw);
  if (!match) throw new Error('no attachment in the message');
  return Buffer.from(match[1].replace(/\s/g, ''), 'base64');
}

describe('the error report', () => {
  it('e-mails the uploader a spreadsheet of row, column and error through a real SMTP server, and writes the valid rows', async () => {
    const file = csvOf([
      PRICING_HEADER,
      ['V0001', '101004', '5.00', '2026-12-01'],
      ['V0001', '101005', '-1', '2026-12-01'],
      ['V0001', '101006', '2.345', '2026-12-01'],
      ['V0001', '101007', '3.00', '2026-02-30'],
      ['V0001', '999999', '3.00', '2026-12-01'],
      ['V0003', '103001', '3.00', '2026-12-01'],
      ['V0001', '101004', '6.00', '2026-12-01'],
    ]);
    const { processId } = (await (
      await postUpload(pricingsUploadRoute, '/api/pricings/upload', SUPPLIER, { file, fileName: 'p.csv' })
    ).json()) as {
      processId: string;
    };
    await runJobs('catalogue-upload', catalogueUploadJob);
    expect(await pricingChangesOf(processId)).toHaveLength(1);
    expect((await recordOf(processId)).newValues).toMatchObject({ rows: 7, valid: 1, invalid: 6 });

    await runJobs('send-email', sendEmailJob);
    const mail = smtp.to(SUPPLIER).find((m) => m.subject.includes('pricing upload'));
    expect(mail?.subject).toBe('Your pricing upload: 6 of 7 rows could not be used');
    const rows = await rowsOfXlsx(attachmentOf(mail!.raw));
    expect(rows).toEqual([
      // Headers and columns in words (issue 26), as the upload template and the exports name them.
      ['Row', 'Column', 'Error'],
      ['3', 'Cost price', 'Cost price must be zero or more.'],
      ['4', 'Cost price', 'Cost price must be an amount with at most two decimals.'],
      ['5', 'Effective from', 'Effective from is not a valid date.'],
      // In the file's order (issue 27), though row 6 is refused only when its batch is written.
      ['6', 'Catalogue code', '999999 is not an item of this vendor.'],
      ['7', 'Vendor code', 'Vendor V0003 is not one of your vendors.'],
      ['8', 'Catalogue code', '101004 is already in row 2 of this file.'],
    ]);
  });

  it('fails the record when no row can be used', async () => {
    const file = csvOf([PRICING_HEADER, ['V0001', '999998', '1.00', '2026-12-01']]);
    const { processId } = (await (
      await postUpload(pricingsUploadRoute, '/api/pricings/upload', SUPPLIER, { file, fileName: 'p.csv' })
    ).json()) as {
      processId: string;
    };
    await runJobs('catalogue-upload', catalogueUploadJob);
    expect((await recordOf(processId)).status).toBe('failed');
  });
});

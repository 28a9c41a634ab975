import { count, eq } from 'drizzle-orm';
import { POST as itemsUploadRoute } from '@/app/api/items/upload/route';
import { POST as pricingsUploadRoute } from '@/app/api/pricings/upload/route';
import { db, pool } from '@/db/client';
import { itemChanges, masterdataChanges, outbox, uploadedFiles } from '@/db/schema';
import { catalogueUploadJob } from '@/jobs/processors/catalogue-upload';
import { sheetRows } from '@/lib/domain/catalogue/sheet-rows';
import { sendEmailJob } from '@/jobs/processors/send-email';
import { env } from '@/lib/env';
import { csvOf, endMailingCatalogueTests, postUpload, rowsOfXlsx, runJobs } from '../support/catalogue';
import { attachmentOf, TestSmtpServer } from '../support/smtp';
import { badRowsCsv, ITEM_HEADER, sharedStringsBomb, sharedStringsPart, xlsxWithSharedStrings } from './hostile-files';

/**
 * Issue 29: an upload is bounded before and while it is read. The web refuses a workbook whose zip states parts
 * past the limits before inflating anything, and stops reading at the same limits when the zip understates them;
 * the worker keeps the first 1,000 errors, counts the rest, and refuses a file of too many rows whole.
 */
const SUPPLIER = 'supplier@portal.test';
const smtp = new TestSmtpServer();
let bomb: Buffer;

beforeAll(async () => {
  await smtp.start();
  env.SMTP_URL = smtp.url;
  bomb = sharedStringsBomb();
}, 60_000);

afterEach(async () => {
  await runJobs('catalogue-upload', catalogueUploadJob);
}, 60_000);

afterAll(async () => {
  await endMailingCatalogueTests(smtp);
  await pool.end();
});

async function footprint() {
  const [[records], [files], [jobs]] = await Promise.all([
    db.select({ n: count() }).from(masterdataChanges),
    db.select({ n: count() }).from(uploadedFiles),
    db.select({ n: count() }).from(outbox),
  ]);
  return { records: records.n, files: files.n, jobs: jobs.n };
}

async function refusal(response: Response): Promise<{ status: number; file: string | undefined }> {
  const body = (await response.json()) as { errors?: Record<string, string[]> };
  return { status: response.status, file: body.errors?.file?.[0] };
}

async function recordOf(processId: string) {
  const [record] = await db.select().from(masterdataChanges).where(eq(masterdataChanges.processId, processId));
  return record;
}

describe('the web side', () => {
  it('refuses the shared-strings bomb in milliseconds, from the zip’s directory, without inflating it', async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024); // a small file…
    const before = await footprint();
    const started = performance.now();
    const response = await postUpload(itemsUploadRoute, '/api/items/upload', SUPPLIER, { file: bomb, fileName: 'bomb.xlsx' });
    const ms = performance.now() - started;
    expect(await refusal(response)).toEqual({
      status: 422,
      file: "The workbook's shared texts take more than 24 MB once unpacked. Save the sheet as CSV or split it into smaller files.",
    });
    // Reading it took ~7 s of CPU before; the route's own work (session, multipart) is the rest.
    expect(ms).toBeLessThan(1000);
    expect(await footprint()).toEqual(before);
  }, 30_000);

  it('stops reading a bomb whose zip understates its shared strings at the limit of strings kept', async () => {
    const strings = [...ITEM_HEADER, 'V0001', 'BOMB-1', 'A bomb'];
    const liar = xlsxWithSharedStrings(
      sharedStringsPart(strings, 4_300_000),
      [
        [0, 1, 2, 3, 4, 5],
        [6, 7, 8],
      ],
      2_000,
    );
    const started = performance.now();
    const response = await postUpload(itemsUploadRoute, '/api/items/upload', SUPPLIER, { file: liar, fileName: 'liar.xlsx' });
    expect(await refusal(response)).toEqual({
      status: 422,
      file: 'The workbook holds more than 400,000 different texts. Save the sheet as CSV or split it into smaller files.',
    });
    expect(performance.now() - started).toBeLessThan(10_000);
  }, 60_000);

  it('reads a 9 MB CSV’s header and first row without parsing the rest', async () => {
    const csv = badRowsCsv();
    const started = performance.now();
    const rows = sheetRows(csv, 'csv');
    expect((await rows.next()).value).toMatchObject({ rowNumber: 1 });
    expect((await rows.next()).value).toEqual({ rowNumber: 2, cells: ['V0001', '1', '-1', 'x'] });
    await rows.return(undefined);
    // The whole file in one chunk had the parser turn all 700,000 rows into arrays first: 6–9 s and +150 MB.
    expect(performance.now() - started).toBeLessThan(2000);
  }, 30_000);
});

describe('the worker side', () => {
  it('lists the first 1,000 errors in the report and counts the rest on the record and in the e-mail', async () => {
    const rows = Array.from({ length: 1500 }, () => ['V0001', '101001', '-1', 'x']);
    const file = csvOf([['vendorCode', 'catalogueCode', 'costPrice', 'effectiveFrom'], ...rows]);
    const response = await postUpload(pricingsUploadRoute, '/api/pricings/upload', SUPPLIER, { file, fileName: 'bad.csv' });
    const { processId } = (await response.json()) as { processId: string };
    await runJobs('catalogue-upload', catalogueUploadJob);
    // Each row breaks two rules: 3,000 errors.
    expect((await recordOf(processId)).newValues).toMatchObject({ rows: 1500, valid: 0, invalid: 1500, unlistedErrors: 2000 });

    await runJobs('send-email', sendEmailJob);
    const mail = smtp.to(SUPPLIER).find((m) => m.raw.includes(processId));
    expect(mail?.raw.replace(/=\r?\n/g, '')).toContain('It lists the first 1,000 errors; 2,000 more are not listed.'); // soft line breaks out
    const report = await rowsOfXlsx(attachmentOf(mail!, 'pricing_upload_errors.xlsx'));
    expect(report).toHaveLength(1 + 1000 + 1);
    expect(report[1]).toEqual(['2', 'Cost price', 'Cost price must be zero or more.']);
    expect(report[1001][2]).toBe('2,000 more errors are not listed.');
  }, 60_000);

  it('refuses a file of more than 200,000 rows whole: the record failed with the reason, none of its rows kept', async () => {
    const valid = Array.from({ length: 1500 }, (_, n) => `V0001,LIMIT-${n},Limit item ${n},,EA,1`);
    const filler = Array.from({ length: 200_000 }, () => 'V0001,X,,,,');
    const file = Buffer.from([ITEM_HEADER.join(','), ...valid, ...filler].join('\n') + '\n');
    const response = await postUpload(itemsUploadRoute, '/api/items/upload', SUPPLIER, { file, fileName: 'many.csv' });
    const { processId } = (await response.json()) as { processId: string };
    await runJobs('catalogue-upload', catalogueUploadJob);
    const record = await recordOf(processId);
    expect(record.status).toBe('failed');
    expect(record.newValues).toMatchObject({ valid: 0, error: 'The file has more than 200,000 rows: split it into smaller files.' });
    // The first 1,000 valid rows were written as a batch before the limit was met; the refusal took them back.
    expect(await db.select({ n: count() }).from(itemChanges).where(eq(itemChanges.processId, processId))).toEqual([{ n: 0 }]);
  }, 120_000);
});

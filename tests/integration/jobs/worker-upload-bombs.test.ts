import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, like } from 'drizzle-orm';
import { POST as approveRoute } from '@/app/api/changes/file/approve/route';
import { POST as itemsUploadRoute } from '@/app/api/items/upload/route';
import { POST as pricingsUploadRoute } from '@/app/api/pricings/upload/route';
import { db, pool } from '@/db/client';
import { itemChanges, items, masterdataChanges, outbox, pricingChanges, uploadedFiles, userActivities, vendors } from '@/db/schema';
import { enqueueInOutbox } from '@/jobs/enqueue';
import { effectKeyOf } from '@/jobs/outbox-job';
import { closeQueue, getQueue } from '@/jobs/queue';
import { WORKER_NODE_FLAGS } from '@/jobs/worker-flags';
import { CONTENT_TYPES } from '@/lib/files/file-kind';
import { env } from '@/lib/env';
import { callRoute, sessionHeaders, userId } from '../support/actors';
import { csvOf, postUpload } from '../support/catalogue';
import { TestSmtpServer } from '../support/smtp';
import { badRowsCsv, ITEM_HEADER, sharedStringsBomb, sharedStringsPart, xlsxWithSharedStrings } from '../catalogue/hostile-files';
import { killed, killWorkerProcesses, obliterateQueue, startWorkerProcess, waitFor } from '../support/worker-process';

/**
 * Issue 29, finding 2: one upload could kill the worker (160 MB heap). The shared-strings bomb and a 9 MB CSV of
 * 700,000 bad rows each ran it out of memory (exit 134); BullMQ handed the stalled job to the next replica, which
 * died in turn, and the record stayed 'processing', blocking every master-data approval with 409. Here the worker
 * runs as production runs it, a process of its own, and must live through each file: the upload fails once with
 * a message, the next upload is read, and approvals go on. A file that still exhausts the child process reading
 * it (a heap made tiny, a time limit of 1 ms) fails its job once, for good, and the worker lives on.
 */
const LOCK_MS = 3000;
const prefix = `${env.QUEUE_PREFIX}-upload-bombs`;
env.QUEUE_PREFIX = prefix; // the routes run here nudge the relay into the queue the worker children read
const SUPPLIER = 'supplier@portal.test';
const STAFF = 'staff@portal.test';
const smtp = new TestSmtpServer();
let before = { outbox: 0, files: 0, activities: 0 };

/** With the worker's production heap budget (jobs/worker-flags.ts), which the child that reads an upload overrides with its own. */
const startWorker = (extra: Record<string, string> = {}) =>
  startWorkerProcess({
    SMTP_URL: smtp.url,
    QUEUE_PREFIX: prefix,
    WORKER_LOCK_MS: String(LOCK_MS),
    NODE_OPTIONS: WORKER_NODE_FLAGS.join(' '),
    ...extra,
  });
const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
const maxId = async (table: string) =>
  Number((await pool.query<{ max: string | null }>(`select max(id) as max from ${table}`)).rows[0].max ?? 0);

async function recordOf(processId: string) {
  const [record] = await db.select().from(masterdataChanges).where(eq(masterdataChanges.processId, processId));
  return record;
}

async function jobOf(processId: string) {
  const rows = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'catalogue-upload'), gt(outbox.id, before.outbox)));
  const row = rows.find((r) => (r.payload as { processId: string }).processId === processId)!;
  const job = await (await getQueue()).getJob(effectKeyOf(row));
  return { row, state: await job?.getState(), attemptsMade: job?.attemptsMade };
}

const read = (processId: string) =>
  waitFor(async () => (await recordOf(processId)).status !== 'processing', 90_000, `upload ${processId} read`);

/** An upload as the web stores it, for a file the web now refuses: one that reached the queue before, or another way. */
async function storedUpload(file: Buffer, fileName: string): Promise<string> {
  const processId = randomUUID();
  const supplier = await userId(SUPPLIER);
  const [vendor] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.code, 'V0001'));
  await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(uploadedFiles)
      .values({
        fileName,
        contentType: CONTENT_TYPES.xlsx,
        content: file,
        byteSize: file.length,
        purpose: 'item-upload',
        uploadedBy: supplier,
      })
      .returning({ id: uploadedFiles.id });
    await tx.insert(masterdataChanges).values({
      processId,
      eventType: 'items.upload',
      status: 'processing',
      vendorId: vendor.id,
      fileId: stored.id,
      requestedBy: supplier,
      newValues: { fileName },
    });
    await enqueueInOutbox(tx, 'catalogue-upload', { processId, kind: 'items' });
  });
  return processId;
}

async function uploaded(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { processId: string }).processId;
}

/** A small valid upload, read to pending changes, then approved by staff: nothing is left blocking either. */
async function smallUploadReadAndApproved(): Promise<void> {
  const code = `SMALL-${randomUUID().slice(0, 8)}`;
  const file = csvOf([ITEM_HEADER, ['V0001', code, 'A small upload', '', 'EA', '1']]);
  const processId = await uploaded(await postUpload(itemsUploadRoute, '/api/items/upload', SUPPLIER, { file, fileName: 'small.csv' }));
  await read(processId);
  expect(await recordOf(processId)).toMatchObject({ status: 'pending', newValues: { rows: 1, valid: 1 } });
  const approval = await callRoute(approveRoute, '/api/changes/file/approve', {
    method: 'POST',
    headers: await sessionHeaders(STAFF),
    body: { process_id: processId, event_type: 'items.upload', status: 'pending' },
  });
  expect(approval.status).toBe(200);
}

beforeAll(async () => {
  await smtp.start();
  await obliterateQueue(prefix);
  const [outboxMax, files, activities] = await Promise.all(['outbox', 'uploaded_files', 'user_activities'].map(maxId));
  before = { outbox: outboxMax, files, activities };
});

afterAll(async () => {
  await killWorkerProcesses();
  await obliterateQueue(prefix);
  const uploads = await db
    .select({ processId: masterdataChanges.processId })
    .from(masterdataChanges)
    .where(gt(masterdataChanges.fileId, before.files));
  const processIds = uploads.map((u) => u.processId);
  if (processIds.length) {
    await db.delete(itemChanges).where(inArray(itemChanges.processId, processIds));
    await db.delete(pricingChanges).where(inArray(pricingChanges.processId, processIds));
    await db.delete(masterdataChanges).where(inArray(masterdataChanges.processId, processIds));
  }
  // The small uploads' approved items (their prices and changes go with them): other files count V0001's items.
  await db.delete(items).where(like(items.catalogueCode, 'SMALL-%'));
  await db.delete(outbox).where(gt(outbox.id, before.outbox));
  await db.delete(uploadedFiles).where(gt(uploadedFiles.id, before.files));
  await db.delete(userActivities).where(gt(userActivities.id, before.activities));
  await closeQueue();
  await smtp.stop();
  await pool.end();
}, 60_000);

afterEach(async () => {
  // A test that failed may leave its upload 'processing', which would hold up the next test's uploads of V0001.
  await db
    .update(masterdataChanges)
    .set({ status: 'failed' })
    .where(and(eq(masterdataChanges.status, 'processing'), gt(masterdataChanges.fileId, before.files)));
  await killWorkerProcesses();
}, 60_000);

it('lives through the shared-strings bomb: the upload fails once with a message, the next is read and approved', async () => {
  const worker = startWorker();
  const bomb = await storedUpload(sharedStringsBomb(), 'bomb.xlsx');
  await read(bomb);
  expect(alive(worker)).toBe(true);
  expect(await recordOf(bomb)).toMatchObject({
    status: 'failed',
    newValues: {
      error: "The workbook's shared texts take more than 24 MB once unpacked. Save the sheet as CSV or split it into smaller files.",
    },
  });
  expect((await jobOf(bomb)).row).toMatchObject({ status: 'done', attempts: 1 });
  await smallUploadReadAndApproved();
  expect(alive(worker)).toBe(true);
}, 300_000);

it('lives through a 9 MB CSV of 700,000 bad rows: the upload fails once with a message, the next is read and approved', async () => {
  const worker = startWorker();
  const csv = badRowsCsv();
  expect(csv.length).toBeGreaterThan(9_000_000);
  const rows = await uploaded(await postUpload(pricingsUploadRoute, '/api/pricings/upload', SUPPLIER, { file: csv, fileName: 'bad.csv' }));
  await read(rows);
  expect(alive(worker)).toBe(true);
  expect(await recordOf(rows)).toMatchObject({
    status: 'failed',
    newValues: { error: 'The file has more than 200,000 rows: split it into smaller files.' },
  });
  expect((await jobOf(rows)).row).toMatchObject({ status: 'done', attempts: 1 });
  await smallUploadReadAndApproved();
  expect(alive(worker)).toBe(true);
}, 300_000);

it('fails an upload whose reading child runs out of memory or time once, for good, and reads the next one', async () => {
  // A zip that understates its shared strings passes the first check; a 32 MB heap cannot keep 400,000 of them.
  const strings = [...ITEM_HEADER, 'V0001', 'LIAR-1', 'A liar'];
  const liar = xlsxWithSharedStrings(
    sharedStringsPart(strings, 4_300_000),
    [
      [0, 1, 2, 3, 4, 5],
      [6, 7, 8],
    ],
    2_000,
  );
  for (const [limits, message] of [
    [{ UPLOAD_PARSE_HEAP_MB: '32' }, 'The file could not be read: it needs more memory than an upload may use.'],
    [{ UPLOAD_PARSE_TIMEOUT_MS: '1' }, 'The file could not be read: it takes longer than an upload may (1 s).'],
  ] as const) {
    const worker = startWorker(limits);
    const processId = await storedUpload(liar, 'liar.xlsx');
    await read(processId);
    const record = await recordOf(processId);
    expect(record.status).toBe('failed');
    expect((record.newValues as { error: string }).error).toMatch(new RegExp(`^${message.replace(/[.()]/g, '\\$&')}`));
    await new Promise((resolve) => setTimeout(resolve, 2 * LOCK_MS)); // a retry would have had time to start
    expect(await jobOf(processId)).toMatchObject({ row: { status: 'failed', attempts: 1 }, state: 'failed', attemptsMade: 1 });
    expect(alive(worker)).toBe(true);
    await killed(worker);
  }
  startWorker();
  await smallUploadReadAndApproved();
}, 300_000);

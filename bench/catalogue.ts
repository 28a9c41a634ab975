import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { db, pool } from '../db/client';
import {
  itemChanges,
  items,
  masterdataChanges,
  outbox,
  pricingChanges,
  pricings,
  roles,
  uploadedFiles,
  userActivities,
  users,
  userVendors,
  vendors,
} from '../db/schema';
import { CATALOGUE_DOWNLOAD } from '../jobs/definitions/catalogue-download';
import { CATALOGUE_UPLOAD } from '../jobs/definitions/catalogue-upload';
import { effectKeyOf } from '../jobs/outbox-job';
import { WORKER_NODE_FLAGS } from '../jobs/worker-flags';
import { closeQueue, getQueue } from '../jobs/queue';
import { loadActor } from '../lib/auth/actor';
import { pendingDownloadId } from '../lib/domain/catalogue/background-work';
import { parseDownloadToken } from '../lib/domain/catalogue/download-link';
import { requestDownload } from '../lib/domain/catalogue/request-download';
import { startUpload } from '../lib/domain/catalogue/start-upload';
import { UPLOAD_COLUMNS, UPLOAD_MAX_BYTES } from '../lib/domain/catalogue/upload-templates';
import { CONTENT_TYPES, sniffFileKind } from '../lib/files/file-kind';
import { benchItemBatches } from './items';
import { round } from './load';

/**
 * Issue 12's two worker figures (`npm run bench` runs it; --markdown writes the table for the report):
 *  1. a pricing upload of --rows rows (default 50,000) read by the worker into pending price changes in under
 *     60 s, with the worker's RSS under 300 MB;
 *  2. an e-mailed download of the --items items (default 100,000) of one vendor built in under 30 s.
 *
 *   DATABASE_URL=… QUEUE_PREFIX=portal-bench npx tsx bench/catalogue.ts [--items 100000] [--rows 50000] [--tsx]
 *
 * Against DATABASE_URL (a seeded database, with no worker running on it: a worker would take the jobs) it makes
 * a vendor of its own with N items (each with a group-wide price; both tables analysed, as a live catalogue is)
 * and a supplier admin (v_admin) linked to it alone, writes the upload file as Excel would (exceljs's streaming
 * writer, shared strings) in the template's columns, and starts the upload with the route's domain function
 * (startUpload). The job's outbox row is then run once by the worker's own processor in a child process
 * (bench/catalogue-worker.ts), whose VmRSS and VmHWM are sampled from /proc every 100 ms beside the child's own
 * maxRSS; the time is the job's, start to end. The child is bundled by esbuild and run by plain node, as the
 * worker image runs dist/worker.js (`npm run build:bundles`); --tsx runs it under tsx instead, as `npm run worker`
 * does (the loader adds its own memory). Then it checks that every row became a pending price change. The
 * download is asked for with requestDownload as the user, its job run the same way, and the stored workbook's
 * rows and the e-mail's outbox row are checked.
 * The route code nudges the outbox relay, which puts the jobs in the queue (QUEUE_PREFIX keeps them apart);
 * they are removed from it afterwards, with everything else the benchmark made.
 */
const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '100000' },
    rows: { type: 'string', default: '50000' },
    tsx: { type: 'boolean', default: false },
    /** Writes the result table to this file (`npm run bench` embeds it). */
    markdown: { type: 'string' },
  },
});
const itemCount = Number(values.items);
const rowCount = Number(values.rows);
if (!Number.isInteger(itemCount) || !Number.isInteger(rowCount) || itemCount < 1 || rowCount < 1 || rowCount > itemCount) {
  console.error('--items and --rows must be whole numbers, 1 ≤ --rows ≤ --items (each row prices one item)');
  process.exit(1);
}

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const code = `VC${Date.now().toString(36).toUpperCase()}`;
const email = `${code.toLowerCase()}@bench.portal.test`;
const INSERT_BATCH = 5000;
const TARGETS = { uploadSeconds: 60, uploadRssMb: 300, downloadSeconds: 30 };

type Run = { outcome: { status: string; result?: unknown }; seconds: number; peakRssMb: number; detail: string };
let child: ChildProcess | undefined;

/**
 * How the child is started: node on an esbuild bundle made with build:bundles's options, kept under
 * node_modules/.cache so its imports of packages resolve as the image's dist/ does; or node with tsx's loader.
 */
async function workerCommand(): Promise<string[]> {
  const source = path.join(root, 'bench/catalogue-worker.ts');
  if (values.tsx) return ['--import', 'tsx', source];
  const outfile = path.join(bundleDir, 'worker.mjs');
  await build({
    entryPoints: [source],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return [outfile];
}

/** VmRSS and VmHWM of a process in MB, or null once it is gone. */
function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    const [rss, hwm] = [kb('VmRSS'), kb('VmHWM')];
    return Number.isNaN(rss) ? null : { rss: rss / 1024, hwm: hwm / 1024 };
  } catch {
    return null;
  }
}

/** The relay nudged by the route may hold the row while it hands it to the queue: wait until it lets go. */
async function afterNudge(outboxId: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  await db.transaction((tx) => tx.select({ id: outbox.id }).from(outbox).where(eq(outbox.id, outboxId)).for('update'));
}

/** Runs one outbox row in bench/catalogue-worker.ts, sampling the child's memory every 100 ms. */
async function runInWorker(job: string, outboxId: number): Promise<Run> {
  await afterNudge(outboxId);
  const spawned = performance.now();
  child = spawn(process.execPath, [...WORKER_NODE_FLAGS, ...(await command), job, String(outboxId)], {
    cwd: root,
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pid = child.pid!;
  let sampledRss = 0;
  let hwm = 0;
  const sample = () => {
    const memory = memoryOf(pid);
    if (memory) [sampledRss, hwm] = [Math.max(sampledRss, memory.rss), Math.max(hwm, memory.hwm)];
  };
  const sampler = setInterval(sample, 100);
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exitCode = await new Promise<number | null>((resolve) => child!.on('exit', resolve));
  clearInterval(sampler);
  child = undefined;
  const wall = (performance.now() - spawned) / 1000;
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (exitCode !== 0 || !line) throw new Error(`the worker for ${job} (outbox ${outboxId}) ended with code ${exitCode}:\n${stdout}`);
  const result = JSON.parse(line.slice('RESULT '.length)) as { outcome: Run['outcome']; ms: number; startRssMb: number; maxRssMb: number };
  if (result.outcome.status !== 'done')
    throw new Error(
      `outbox ${outboxId} was ${result.outcome.status}: another worker took it (stop it, or give QUEUE_PREFIX a name of its own)`,
    );
  return {
    outcome: result.outcome,
    seconds: result.ms / 1000,
    peakRssMb: Math.max(sampledRss, hwm, result.maxRssMb),
    detail: `worker pid ${pid}: job ${round(result.ms / 1000)} s (process ${round(wall)} s with start-up); RSS ${round(result.startRssMb)} MB at the job's start, sampled max ${round(sampledRss)} MB, VmHWM ${round(hwm)} MB, maxRSS ${round(result.maxRssMb)} MB`,
  };
}

/** Data rows (below the header) of a stored workbook's first sheet, read with exceljs's streaming reader. */
async function dataRowsOf(content: Buffer): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([content]), { worksheets: 'emit', sharedStrings: 'cache' });
  let rows = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) if (row.number > 1) rows += 1;
    break;
  }
  return rows;
}

/** The pricing upload as a user would save it from Excel: the template's columns, one row per item. */
async function writeUploadFile(file: string): Promise<Buffer> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false });
  const sheet = workbook.addWorksheet('Pricing');
  sheet.addRow([...UPLOAD_COLUMNS.pricing]).commit();
  for (let i = 0; i < rowCount; i += 1) sheet.addRow([code, `${code}-${i}`, (625 + (i % 500) * 10) / 100, '2027-01-01']).commit();
  sheet.commit();
  await workbook.commit();
  return readFile(file);
}

const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'v_admin'));
if (!role) throw new Error('no v_admin role: seed the database first');
// The vendor and its supplier admin, linked to it alone: the download is then exactly the vendor's items.
const { vendor, user } = await db.transaction(async (tx) => {
  const [vendor] = await tx
    .insert(vendors)
    .values({ code, name: `Bench vendor ${code}`, tinyMce: `vc-${code}` })
    .returning({ id: vendors.id });
  const [user] = await tx
    .insert(users)
    .values({ name: `Bench supplier ${code}`, email, roleId: role.id })
    .returning({ id: users.id, sessionVersion: users.sessionVersion });
  await tx.insert(userVendors).values({ userId: user.id, vendorId: vendor.id, canWrite: true });
  return { vendor, user };
});
const dir = await mkdtemp(path.join(tmpdir(), 'bench-catalogue-'));
const bundleDir = path.join(root, 'node_modules/.cache', `bench-${code.toLowerCase()}`);
const results: string[] = [];
// Bundled while the items are made; a failure surfaces where the command is awaited.
const command = workerCommand();
command.catch(() => undefined);
try {
  const seeded = Date.now();
  for await (const { start, rows } of benchItemBatches(vendor.id, code, itemCount, INSERT_BATCH))
    await db
      .insert(pricings)
      .values(
        rows.map((item, i) => ({ itemId: item.id, costPrice: (5 + ((start + i) % 500) / 10).toFixed(2), effectiveFrom: '2026-01-01' })),
      );
  // A real catalogue's tables have statistics (autovacuum, or the seed's analyze); fresh rows have none, and without
  // them the upload's price look-up was planned through the subsidiary index (2026-11-24: 260 s instead of 7.5 s).
  await db.execute(sql`analyze ${items}, ${pricings}`);
  console.log(`vendor ${code}: ${itemCount} items with prices made in ${round((Date.now() - seeded) / 1000)} s; user ${email}`);
  const actor = await loadActor(user.id, user.sessionVersion);
  if (!actor) throw new Error(`${email} is not an active user`);

  // 1. The pricing upload.
  const bytes = await writeUploadFile(path.join(dir, 'pricing_upload.xlsx'));
  const kind = sniffFileKind(bytes);
  if (kind !== 'xlsx') throw new Error(`the upload file reads as ${kind}, not xlsx`);
  if (bytes.length > UPLOAD_MAX_BYTES) throw new Error(`the upload file has ${bytes.length} bytes, over the route's limit`);
  const asked = Date.now();
  const { processId } = await startUpload(actor, 'pricing', {
    file: { fileName: 'pricing_upload.xlsx', kind, contentType: CONTENT_TYPES[kind], bytes },
    comments: `bench ${code}`,
  });
  const answered = Date.now() - asked;
  const [uploadJob] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.kind, CATALOGUE_UPLOAD), sql`${outbox.payload}->>'processId' = ${processId}`));
  const upload = await runInWorker(CATALOGUE_UPLOAD, uploadJob.id);
  const [pending] = await db
    .select({ n: count() })
    .from(pricingChanges)
    .where(and(eq(pricingChanges.processId, processId), eq(pricingChanges.status, 'pending')));
  const [record] = await db
    .select({ status: masterdataChanges.status, newValues: masterdataChanges.newValues })
    .from(masterdataChanges)
    .where(eq(masterdataChanges.processId, processId));
  if (pending.n !== rowCount || record?.status !== 'pending')
    throw new Error(
      `the upload made ${pending.n} pending price changes of ${rowCount} rows; its record is ${record?.status} ${JSON.stringify(record?.newValues)}`,
    );
  console.log(
    `upload: ${round(bytes.length / 1e6)} MB file, request answered in ${answered} ms; ${pending.n} pending price changes; ${upload.detail}`,
  );
  const uploadMet = upload.seconds < TARGETS.uploadSeconds && upload.peakRssMb < TARGETS.uploadRssMb;
  results.push(
    `| pricing upload | ${rowCount} | ${round(upload.seconds)} | ${round(upload.peakRssMb)} | < ${TARGETS.uploadSeconds} s, RSS < ${TARGETS.uploadRssMb} MB | ${uploadMet ? 'met' : 'MISSED'} |`,
  );

  // 2. The e-mailed download of all the vendor's items.
  const requested = Date.now();
  await requestDownload(actor, 'items');
  const downloadAnswered = Date.now() - requested;
  const downloadJob = await pendingDownloadId(user.id, 'items');
  if (downloadJob === null) throw new Error('the download was not queued');
  const download = await runInWorker(CATALOGUE_DOWNLOAD, downloadJob);
  const token = parseDownloadToken(String(download.outcome.result));
  if (!token) throw new Error(`the download job gave no link token: ${JSON.stringify(download.outcome)}`);
  const [stored] = await db
    .select({ content: uploadedFiles.content, byteSize: uploadedFiles.byteSize })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.id, token.fileId));
  const built = stored ? await dataRowsOf(stored.content) : 0;
  const [mail] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, 'send-email'),
        sql`${outbox.payload}->>'to' = ${email}`,
        sql`${outbox.payload}->'data'->>'subject' = 'Your items download is ready'`,
      ),
    );
  if (built !== itemCount || !mail)
    throw new Error(`the download holds ${built} of ${itemCount} items; its e-mail is ${mail ? `outbox row ${mail.id}` : 'missing'}`);
  console.log(
    `download: request answered in ${downloadAnswered} ms; ${built} items, ${round(stored.byteSize / 1e6)} MB workbook, e-mail outbox row ${mail.id}; ${download.detail}`,
  );
  results.push(
    `| e-mailed download | ${itemCount} | ${round(download.seconds)} | ${round(download.peakRssMb)} | < ${TARGETS.downloadSeconds} s | ${download.seconds < TARGETS.downloadSeconds ? 'met' : 'MISSED'} |`,
  );
} finally {
  child?.kill();
  const table = ['| scenario | rows | seconds | peak RSS MB | target | met/MISSED |', '|---|---|---|---|---|---|', ...results].join('\n');
  console.log(`\n${table}`);
  if (values.markdown) writeFileSync(values.markdown, table);
  const cleaning = Date.now();
  // The route's nudge may have put the jobs in the queue, where no worker of this prefix takes them.
  const made = await db
    .select({ id: outbox.id, queuedAt: outbox.queuedAt, createdAt: outbox.createdAt })
    .from(outbox)
    .where(
      or(
        and(inArray(outbox.kind, [CATALOGUE_UPLOAD, CATALOGUE_DOWNLOAD]), sql`${outbox.payload}->>'userId' = ${String(user.id)}`),
        and(
          eq(outbox.kind, CATALOGUE_UPLOAD),
          sql`${outbox.payload}->>'processId' in (select process_id from masterdata_changes where vendor_id = ${vendor.id})`,
        ),
        and(eq(outbox.kind, 'send-email'), sql`${outbox.payload}->>'to' = ${email}`),
      ),
    );
  for (const row of made.filter((r) => r.queuedAt)) await (await (await getQueue()).getJob(effectKeyOf(row)))?.remove();
  const madeIds = made.map((r) => r.id);
  if (madeIds.length) await db.delete(outbox).where(inArray(outbox.id, madeIds));
  await db.delete(pricingChanges).where(eq(pricingChanges.vendorId, vendor.id));
  await db.delete(itemChanges).where(eq(itemChanges.vendorId, vendor.id));
  await db.delete(masterdataChanges).where(eq(masterdataChanges.vendorId, vendor.id));
  await db.delete(uploadedFiles).where(eq(uploadedFiles.uploadedBy, user.id));
  await db.delete(userActivities).where(eq(userActivities.userId, user.id));
  await db.delete(users).where(eq(users.id, user.id)); // its vendor link goes with it
  await db.delete(items).where(eq(items.vendorId, vendor.id)); // and the items' prices with them
  await db.delete(vendors).where(eq(vendors.id, vendor.id));
  await rm(dir, { recursive: true, force: true });
  await command.catch(() => undefined);
  await rm(bundleDir, { recursive: true, force: true });
  console.log(`\nremoved what it made in ${round((Date.now() - cleaning) / 1000)} s`);
  await closeQueue();
  await pool.end();
}

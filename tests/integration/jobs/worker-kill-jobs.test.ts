import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, countDistinct, desc, eq, gt, inArray, like, sql } from 'drizzle-orm';
import { POST as bulkApproveItemsRoute } from '@/app/api/changes/item/bulkApproval/route';
import { POST as itemsUploadRoute } from '@/app/api/items/upload/route';
import { db, pool } from '@/db/client';
import { auditEntries, itemChanges, items, masterdataChanges, outbox, stores, uploadedFiles, userActivities } from '@/db/schema';
import { messageIdFor } from '@/emails';
import { closeQueue } from '@/jobs/queue';
import { effectKeyOf } from '@/jobs/outbox-job';
import { createHistoryReport } from '@/lib/domain/history/create-report';
import { historyReportFilterSchema } from '@/lib/domain/history/schemas';
import { env } from '@/lib/env';
import { REPORT_FILE_NAME } from '@/lib/domain/history/report-columns';
import { actorFor, callRoute, sessionHeaders, userId } from '../support/actors';
import { csvOf, postUpload, rowsOfXlsx } from '../support/catalogue';
import { createVendor, removeCreatedChanges } from '../support/changes';
import { uniqueTag } from '../support/fixtures';
import { attachmentOf, TestSmtpServer } from '../support/smtp';
import { killed, killWorkerProcesses, messageIdOf, obliterateQueue, startWorkerProcess, waitFor } from '../support/worker-process';

/**
 * Issue 14: "the same holds for each later background job: killed half-way and restarted, its effect happens
 * once" (worker-kill.test.ts does it for the outbox e-mails). Each job below runs in the worker as production runs
 * it, a process of its own; it is killed with SIGKILL while the database (or the report's file) shows it half-way,
 * and a second worker process takes the stalled job over. Each job's writes sit in its outbox row's transaction
 * (jobs/outbox-job.ts), so a kill must leave nothing of them behind and the retry must do the whole work once.
 */
const LOCK_MS = 3000; // how soon the restarted worker takes the dead one's job over
const prefix = `${env.QUEUE_PREFIX}-kill-jobs`;
// The web code run here (the routes) nudges the outbox relay of this process: it must fill the queue the worker
// children take jobs from, as web and worker share one queue in production.
env.QUEUE_PREFIX = prefix;

const STAFF = 'staff@portal.test';
const SUPPLIER = 'supplier@portal.test';
const smtp = new TestSmtpServer();
let tmpDir = '';
/** Ids below these were there before the tests: what they add above them is removed afterwards. */
let before = { outbox: 0, files: 0, activities: 0, audit: 0 };
/** Test vendors' rows made by the thousand, removed in bulk afterwards. */
const bulk: { vendorId: number; tables: string[] }[] = [];

const startWorker = () => startWorkerProcess({ SMTP_URL: smtp.url, QUEUE_PREFIX: prefix, WORKER_LOCK_MS: String(LOCK_MS), TMPDIR: tmpDir });

/** The last value a sequence handed out: sequences are not transactional, so it shows rows an open transaction wrote. */
async function sequenceAt(name: string): Promise<number> {
  const { rows } = await pool.query<{ value: string }>(`select case when is_called then last_value else 0 end as value from ${name}`);
  return Number(rows[0].value);
}

const maxId = async (table: string) =>
  Number((await pool.query<{ max: string | null }>(`select max(id) as max from ${table}`)).rows[0].max ?? 0);

async function lastOutboxRow(kind: string) {
  const [row] = await db.select().from(outbox).where(eq(outbox.kind, kind)).orderBy(desc(outbox.id)).limit(1);
  return row;
}

const outboxStatus = async (id: number) => (await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id)))[0]?.status;

/**
 * Deletes a test vendor's thousands of rows that nothing else references, without the row triggers and
 * foreign-key checks (a minute for 15,000 documents otherwise); the counters the triggers would lower go with
 * the vendor (removeCreatedChanges), except the history's day and filter counters, which are not per vendor:
 * they are counted again.
 */
async function removeBulkRowsOf(vendorId: number, tables: string[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('set session_replication_role = replica');
    for (const table of tables) await client.query(`delete from ${table} where vendor_id = $1`, [vendorId]);
    if (tables.includes('xdocs')) {
      await client.query('select history_day_counts_rebuild()');
      await client.query('select history_filter_counts_rebuild()');
    }
  } finally {
    await client.query('reset session_replication_role');
    client.release();
  }
}

const log = (what: string) => console.log(`[worker-kill-jobs] ${what}`);

beforeAll(async () => {
  await smtp.start();
  await obliterateQueue(prefix);
  tmpDir = await mkdtemp(path.join(os.tmpdir(), 'kill-jobs-'));
  const [outboxMax, files, activities, audit] = await Promise.all(
    ['outbox', 'uploaded_files', 'user_activities', 'audit_entries'].map(maxId),
  );
  before = { outbox: outboxMax, files, activities, audit };
});

afterAll(async () => {
  await killWorkerProcesses();
  await obliterateQueue(prefix);
  await db.delete(outbox).where(gt(outbox.id, before.outbox));
  await db.delete(auditEntries).where(gt(auditEntries.id, before.audit));
  await db.delete(userActivities).where(gt(userActivities.id, before.activities));
  const uploads = await db
    .select({ processId: masterdataChanges.processId })
    .from(masterdataChanges)
    .where(gt(masterdataChanges.fileId, before.files));
  const processIds = uploads.map((u) => u.processId);
  if (processIds.length) {
    await db.delete(itemChanges).where(inArray(itemChanges.processId, processIds));
    await db.delete(masterdataChanges).where(inArray(masterdataChanges.processId, processIds));
  }
  await db.delete(uploadedFiles).where(gt(uploadedFiles.id, before.files));
  for (const { vendorId, tables } of bulk) await removeBulkRowsOf(vendorId, tables);
  await removeCreatedChanges(); // the test vendors, with what is left of their items and changes
  await closeQueue();
  await smtp.stop();
  await rm(tmpDir, { recursive: true, force: true });
  await pool.end();
}, 60_000);

describe('killed half-way and restarted, a background job’s effect happens once', () => {
  it('e-mails the history report once: the same Message-ID on a repeat, the attachment whole', async () => {
    const DOCUMENTS = 15_000;
    const HALF_WRITTEN_BYTES = 256 * 1024; // about a quarter of the finished workbook
    const vendor = await createVendor();
    const [store] = await db.select().from(stores).where(eq(stores.code, 'S001'));
    const tag = uniqueTag();
    // Enough documents that building the report takes long enough to be caught half-way.
    await pool.query(
      `insert into xdocs (tiny_mce, docno, orderno, xdoc_type_code, xdoc_sub_type_code, wf_status_code, subsidiary_id, vendor_id,
                          store_id, region_id, division_id, doc_date, delivery_date, tot_value, xdoc_total_excl, xdoc_tax_amount, xdoc_total_incl)
       select 'kill-' || $1 || '-' || n, 'POK' || $1 || lpad(n::text, 6, '0'), 'POK' || $1 || lpad(n::text, 6, '0'), 'order', 'normal',
              'received', $2, $3, $4, $5, $6, date '2026-06-01' + n % 28, date '2026-07-01', n, n, n * 0.15, n * 1.15
         from generate_series(1, $7::int) n`,
      [tag, store.subsidiaryId, vendor.id, store.id, store.regionId, store.divisionId, DOCUMENTS],
    );
    bulk.push({ vendorId: vendor.id, tables: ['xdocs'] });
    const actor = await actorFor(STAFF);
    const query = { vendorCode: vendor.code, subsidiary: String(store.subsidiaryId) };
    const report = await createHistoryReport(actor, historyReportFilterSchema.parse(query), query, { rowLimit: 1000 });
    expect(report).toMatchObject({ kind: 'emailed', rows: DOCUMENTS });
    const row = await lastOutboxRow('history-report');
    const expectedMessageId = messageIdFor(effectKeyOf(row));
    const reports = () => smtp.to(actor.email).filter((mail) => mail.subject === 'Your portal report');

    // Kill 1: half-way through writing the workbook (its temporary file has grown, nothing is sent).
    // The worker's temporary directory holds tsx's cache too.
    const reportDirs = async () => (await readdir(tmpDir)).filter((name) => name.startsWith('portal-report-'));
    const fileSize = async () => {
      let largest = 0;
      for (const dir of await reportDirs()) {
        const size = await stat(path.join(tmpDir, dir, REPORT_FILE_NAME)).then(
          (s) => s.size,
          () => 0,
        );
        largest = Math.max(largest, size);
      }
      return largest;
    };
    const partialFile = async () => (await fileSize()) >= HALF_WRITTEN_BYTES;
    const first = startWorker();
    await waitFor(partialFile, 60_000, 'the report file half-written');
    await killed(first);
    const firstKillAt = Date.now();
    const bytesAtKill = await fileSize();
    expect(reports()).toHaveLength(0);
    expect(await outboxStatus(row.id)).not.toBe('done');
    expect(await reportDirs()).toHaveLength(1); // the dead run's half-written file

    // Kill 2: the SMTP server has taken the e-mail but the worker dies before hearing "accepted".
    smtp.holdReplyWhen = (mail) => mail.subject === 'Your portal report';
    const second = startWorker();
    await waitFor(() => reports().length === 1, 60_000, 'the report e-mail after the first restart');
    const sentAgainMs = Date.now() - firstKillAt;
    await killed(second);
    const secondKillAt = Date.now();
    smtp.releaseReplies();
    expect(await outboxStatus(row.id)).not.toBe('done');

    startWorker();
    await waitFor(async () => (await outboxStatus(row.id)) === 'done', 60_000, 'the report job done');
    const doneMs = Date.now() - secondKillAt;
    log(
      `history report of ${DOCUMENTS} rows: killed with ${bytesAtKill} bytes of it written; after the restart e-mailed ${sentAgainMs} ms after the kill; ` +
        `killed again before the SMTP reply, done ${doneMs} ms after that kill; ${reports().length} receptions`,
    );
    const received = reports();
    expect(received.map((mail) => messageIdOf(mail.raw))).toEqual([expectedMessageId, expectedMessageId]);
    const workbook = attachmentOf(received[1], REPORT_FILE_NAME);
    expect(bytesAtKill).toBeLessThan(workbook.length); // the first kill came half-way
    const sheet = await rowsOfXlsx(workbook);
    const docnos = sheet.slice(1).map((cells) => cells[0]);
    expect(docnos).toHaveLength(DOCUMENTS);
    expect(new Set(docnos).size).toBe(DOCUMENTS);
    expect(docnos.every((docno) => docno.startsWith(`POK${tag}`))).toBe(true);
    expect(await reportDirs()).toEqual([]); // the dead runs' files are gone
  }, 180_000);

  it('reads a 20,000-row catalogue upload once: one pending change per row, the record pending, one error report', async () => {
    const ROWS = 20_000;
    const INVALID = 5;
    const tag = uniqueTag();
    const header = ['vendorCode', 'catalogueCode', 'descr', 'barcode', 'unitOfMeasure', 'packSize'];
    const valid = Array.from({ length: ROWS }, (_, n) => ['V0001', `K${tag}-${n}`, `Kill upload item ${n}`, '', 'EA', '6']);
    const invalid = Array.from({ length: INVALID }, (_, n) => ['V0001', `K${tag}-bad-${n}`, `Bad pack ${n}`, '', 'EA', 'many']);
    const changesAtStart = await sequenceAt('item_changes_id_seq');

    const response = await postUpload(itemsUploadRoute, '/api/items/upload', SUPPLIER, {
      file: csvOf([header, ...valid, ...invalid]),
      fileName: 'kill.csv',
    });
    expect(response.status).toBe(200);
    const { processId } = (await response.json()) as { processId: string };
    const recordOf = () => db.select().from(masterdataChanges).where(eq(masterdataChanges.processId, processId));
    const changesOf = async () => (await db.select({ n: count() }).from(itemChanges).where(eq(itemChanges.processId, processId)))[0].n;
    const errorReports = () => smtp.to(SUPPLIER).filter((mail) => mail.subject.includes(`${INVALID} of ${ROWS + INVALID} rows`));

    const first = startWorker();
    // Some batches of changes written, in the job's transaction, but not all.
    await waitFor(
      async () => {
        const written = (await sequenceAt('item_changes_id_seq')) - changesAtStart;
        return written > 0 && written < ROWS;
      },
      60_000,
      'part of the upload written',
    );
    const writtenAtKill = (await sequenceAt('item_changes_id_seq')) - changesAtStart;
    await killed(first);
    const killedAt = Date.now();
    expect(await changesOf()).toBe(0); // nothing of the killed run is left
    expect((await recordOf())[0].status).toBe('processing');

    startWorker();
    await waitFor(async () => (await recordOf())[0].status !== 'processing', 60_000, 'the upload read');
    const doneMs = Date.now() - killedAt;
    await waitFor(() => errorReports().length > 0, 30_000, 'the error report e-mail');
    log(`catalogue upload of ${ROWS + INVALID} rows: killed after ${writtenAtKill} changes written, done ${doneMs} ms after the kill`);

    const records = await recordOf();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: 'pending', newValues: { rows: ROWS + INVALID, valid: ROWS, invalid: INVALID } });
    const [changes] = await db
      .select({ n: count(), codes: countDistinct(sql`${itemChanges.changeable}->>'catalogueCode'`) })
      .from(itemChanges)
      .where(and(eq(itemChanges.processId, processId), eq(itemChanges.status, 'pending')));
    expect(changes).toEqual({ n: ROWS, codes: ROWS });
    const reportJobs = await db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.kind, 'send-email'), like(sql`${outbox.payload}::text`, `%${processId}%`)));
    expect(reportJobs).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1000)); // a second error report would have had time to arrive
    expect(errorReports()).toHaveLength(1);
  }, 180_000);

  it('approves 5,000 item changes once each: every item written once, one audit entry per change', async () => {
    const CHANGES = 5000;
    const vendor = await createVendor();
    const supplier = await userId(SUPPLIER);
    const tag = uniqueTag();
    await pool.query(
      `insert into items (vendor_id, catalogue_code, descr, created_at, updated_at)
       select $1, 'A' || $2 || '-' || n, 'Before ' || n, now() - interval '1 day', now() - interval '1 day'
         from generate_series(1, $3::int) n`,
      [vendor.id, tag, CHANGES],
    );
    await pool.query(
      `insert into item_changes (vendor_id, item_id, requested_by, changeable)
       select i.vendor_id, i.id, $2, jsonb_build_object('catalogueCode', i.catalogue_code, 'descr', 'After ' || i.id)
         from items i where i.vendor_id = $1 order by i.id`,
      [vendor.id, supplier],
    );
    bulk.push({ vendorId: vendor.id, tables: ['item_changes', 'items'] });
    const ids = (await db.select({ id: itemChanges.id }).from(itemChanges).where(eq(itemChanges.vendorId, vendor.id))).map((c) => c.id);
    const auditAtStart = await sequenceAt('audit_entries_id_seq');

    const response = await callRoute(bulkApproveItemsRoute, '/api/changes/item/bulkApproval', {
      method: 'POST',
      headers: await sessionHeaders(STAFF),
      body: { changeIDs: ids, reason: 'Kill test' },
    });
    expect(response.status).toBe(202);
    const row = await lastOutboxRow('approve-item-changes');
    const approvedCount = async () =>
      (
        await db
          .select({ n: count() })
          .from(itemChanges)
          .where(and(eq(itemChanges.vendorId, vendor.id), eq(itemChanges.status, 'approved')))
      )[0].n;

    const first = startWorker();
    // Some batches approved and audited, in the job's transaction, but not all.
    await waitFor(
      async () => {
        const audited = (await sequenceAt('audit_entries_id_seq')) - auditAtStart;
        return audited > 0 && audited < CHANGES;
      },
      60_000,
      'part of the changes approved',
    );
    const auditedAtKill = (await sequenceAt('audit_entries_id_seq')) - auditAtStart;
    await killed(first);
    const killedAt = Date.now();
    expect(await approvedCount()).toBe(0); // nothing of the killed run is left
    const [{ n: auditedLeft }] = await db
      .select({ n: count() })
      .from(auditEntries)
      .where(and(eq(auditEntries.entityType, 'item_change'), inArray(auditEntries.entityId, ids)));
    expect(auditedLeft).toBe(0);
    expect(
      await db
        .select({ n: count() })
        .from(items)
        .where(and(eq(items.vendorId, vendor.id), like(items.descr, 'After%'))),
    ).toEqual([{ n: 0 }]);

    startWorker();
    await waitFor(async () => (await outboxStatus(row.id)) === 'done', 60_000, 'the approval job done');
    const doneMs = Date.now() - killedAt;
    log(`bulk approval of ${CHANGES} item changes: killed after ${auditedAtKill} audited, done ${doneMs} ms after the kill`);

    const { rows } = await pool.query<{ approved: number; written_once: number; audits: number; once_audited: number }>(
      `select count(*) filter (where c.status = 'approved' and c.decided_by = $2 and c.comments = 'Kill test')::int as approved,
              -- written by the transaction that decided the change (now() is that transaction's start), with its value
              count(*) filter (where i.updated_at = c.decided_at and i.descr = 'After ' || i.id)::int as written_once,
              sum(a.n)::int as audits,
              count(*) filter (where a.n = 1)::int as once_audited
         from item_changes c
         join items i on i.id = c.item_id
         left join lateral (select count(*) as n from audit_entries a where a.entity_type = 'item_change' and a.entity_id = c.id) a on true
        where c.vendor_id = $1`,
      [vendor.id, await userId(STAFF)],
    );
    expect(rows[0]).toEqual({ approved: CHANGES, written_once: CHANGES, audits: CHANGES, once_audited: CHANGES });
    const activities = await db
      .select({ detail: userActivities.detail })
      .from(userActivities)
      .where(and(gt(userActivities.id, before.activities), eq(userActivities.activity, 'approve-change')));
    const background = activities.filter((a) => (a.detail as { background?: boolean }).background);
    expect(background).toHaveLength(1);
    expect((background[0].detail as { changeIDs: number[] }).changeIDs).toHaveLength(CHANGES);
    expect(await db.select({ n: count() }).from(items).where(eq(items.vendorId, vendor.id))).toEqual([{ n: CHANGES }]);
  }, 180_000);
});

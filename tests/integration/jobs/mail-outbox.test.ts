import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UnrecoverableError, Worker } from 'bullmq';
import { eq, inArray, sql } from 'drizzle-orm';
import { db, pool } from '../../../db/client';
import { outbox } from '../../../db/schema/outbox';
import { closeTransport } from '../../../emails/transport';
import { enqueueInOutbox } from '../../../jobs/enqueue';
import { effectKeyOf } from '../../../jobs/outbox-job';
import { relayOutbox } from '../../../jobs/outbox-relay';
import { processEmailRow } from '../../../jobs/processors/send-email';
import { QUEUE_NAME, closeQueue, getQueue, getRedis } from '../../../jobs/queue';
import { startWorker, type RunningWorker } from '../../../jobs/worker';
import { env } from '../../../lib/env';
import { TestSmtpServer } from '../support/smtp';

const smtp = new TestSmtpServer();
let running: RunningWorker | undefined;
let seq = 0;
const created: number[] = []; // rows this file wrote, removed at the end so other suites see a clean outbox

const recipient = (label: string) => `${label}-${Date.now()}-${++seq}@example.test`;

function notification(to: string, subject: string) {
  return { to, template: 'notification' as const, data: { subject, lines: ['Your report is attached.'] } };
}

async function commitEmail(to: string, subject: string): Promise<number> {
  const id = await db.transaction((tx) => enqueueInOutbox(tx, 'send-email', notification(to, subject)));
  created.push(id);
  return id;
}

async function row(id: number) {
  const [found] = await db.select().from(outbox).where(eq(outbox.id, id));
  return found;
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 20000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for condition');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function runWorker(): Promise<RunningWorker> {
  running = await startWorker({ relayIntervalMs: 200, closePool: false });
  return running;
}

async function stopWorker(): Promise<void> {
  await running?.stop();
  running = undefined;
}

beforeAll(async () => {
  await smtp.start();
  env.SMTP_URL = smtp.url;
  await (await getQueue()).obliterate({ force: true });
});

afterEach(stopWorker);

afterAll(async () => {
  await (await getQueue()).obliterate({ force: true });
  if (created.length > 0) await db.delete(outbox).where(inArray(outbox.id, created));
  await closeQueue();
  closeTransport();
  await smtp.stop();
  await pool.end();
});

describe('e-mail outbox', () => {
  it('delivers an e-mail committed with its transaction through the relay and the worker, then marks it done', async () => {
    const to = recipient('committed');
    const id = await commitEmail(to, 'Vendor report ready');
    expect((await row(id))?.status).toBe('pending');

    await runWorker();
    await waitFor(async () => (await row(id))?.status === 'done');

    const mails = smtp.to(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Vendor report ready');
    expect(mails[0]!.raw).toContain('Your report is attached.');
    const done = await row(id);
    expect(done?.processedAt).toBeInstanceOf(Date);
    expect(done?.lastError).toBeNull();
  });

  it('sends a row whose id an earlier life of the database used, although that job is still kept as completed', async () => {
    const first = recipient('earlier-life');
    const id = await commitEmail(first, 'Before the restore');
    await runWorker();
    await waitFor(async () => (await row(id))?.status === 'done');
    await stopWorker();
    // The database is restored from a backup (or recreated) while Redis keeps its completed jobs: the same id
    // comes again, for another e-mail.
    const later = recipient('later-life');
    await db.delete(outbox).where(eq(outbox.id, id));
    await db.insert(outbox).values({ id, kind: 'send-email', payload: notification(later, 'After the restore') });
    await runWorker();
    await waitFor(async () => (await row(id))?.status === 'done');
    expect(smtp.to(first)).toHaveLength(1);
    expect(smtp.to(later)).toHaveLength(1);
  });

  it('never sends an e-mail whose transaction rolled back', async () => {
    const lost = recipient('rolled-back');
    let lostId = 0;
    await expect(
      db.transaction(async (tx) => {
        lostId = await enqueueInOutbox(tx, 'send-email', notification(lost, 'Should not arrive'));
        throw new Error('change rejected');
      }),
    ).rejects.toThrow('change rejected');
    expect(await row(lostId)).toBeUndefined();

    // A committed row enqueued afterwards is relayed in the same round; once it is delivered, the other would have been too.
    const marker = recipient('marker');
    const markerId = await commitEmail(marker, 'Marker');
    await runWorker();
    await waitFor(async () => (await row(markerId))?.status === 'done');
    expect(smtp.to(marker)).toHaveLength(1);
    expect(smtp.to(lost)).toHaveLength(0);
  });

  it('sends once when the same row is relayed twice, and nothing when a done row is processed again', async () => {
    const to = recipient('twice');
    const id = await commitEmail(to, 'Only once');
    expect((await relayOutbox()).error).toBeUndefined();
    // Simulate a relay that added the job but crashed before its commit: the row is pending again.
    await db.update(outbox).set({ status: 'pending', queuedAt: null }).where(eq(outbox.id, id));
    expect((await relayOutbox()).error).toBeUndefined();
    const queued = (await row(id))!;
    expect((await (await getQueue()).getJobs(['waiting', 'delayed', 'active'])).filter((j) => j.id === effectKeyOf(queued))).toHaveLength(
      1,
    );

    await runWorker();
    await waitFor(async () => (await row(id))?.status === 'done');
    await stopWorker();
    expect(await processEmailRow(id)).toBe('skipped');
    expect(smtp.to(to)).toHaveLength(1);
  });

  it('gives a row a new job when BullMQ gave its job up while the row was not done', async () => {
    const to = recipient('given-up');
    const id = await commitEmail(to, 'Taken over too often');
    expect((await relayOutbox()).error).toBeUndefined();
    // BullMQ fails a job taken over from dead workers too often, without the row being touched: a worker that
    // only fails jobs does the same.
    const failer = new Worker(QUEUE_NAME, () => Promise.reject(new UnrecoverableError('stalled too often')), {
      connection: getRedis(),
      prefix: env.QUEUE_PREFIX,
    });
    await waitFor(async () => (await (await getQueue()).getJob(effectKeyOf((await row(id))!)))?.isFailed() ?? false);
    await failer.close();
    expect(await row(id)).toMatchObject({ status: 'queued' });

    await db
      .update(outbox)
      .set({ queuedAt: sql`now() - interval '10 minutes'` })
      .where(eq(outbox.id, id));
    runWorker();
    await waitFor(async () => (await row(id))?.status === 'done');
    expect(smtp.to(to)).toHaveLength(1);
  });

  it('keeps the row undone with its error while SMTP is down, then delivers it exactly once on a retry', async () => {
    await smtp.stop();
    const to = recipient('smtp-down');
    const id = await commitEmail(to, 'After the outage');
    await runWorker();
    await waitFor(async () => ((await row(id))?.attempts ?? 0) >= 1);
    const failed = await row(id);
    expect(failed?.status).not.toBe('done');
    expect(failed?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(smtp.to(to)).toHaveLength(0);

    await smtp.start(); // same port: BullMQ's backoff retry finds it back
    await waitFor(async () => (await row(id))?.status === 'done');
    expect(smtp.to(to)).toHaveLength(1);
    expect((await row(id))?.attempts).toBeGreaterThanOrEqual(2);
  });

  it('writes an .eml file under MAIL_DIR when no SMTP_URL is configured', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-mail-'));
    const saved = { smtpUrl: env.SMTP_URL, mailDir: env.MAIL_DIR };
    env.SMTP_URL = undefined;
    env.MAIL_DIR = dir;
    try {
      const to = recipient('eml');
      const id = await db.transaction((tx) =>
        enqueueInOutbox(tx, 'send-email', {
          to,
          template: 'password-reset',
          data: { name: 'Ann <Vendor>', resetUrl: 'http://localhost:3000/password/reset/abc', expiresMinutes: 60 },
        }),
      );
      created.push(id);
      expect(await processEmailRow(id)).toBe('sent');
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = await readFile(path.join(dir, files[0]!), 'utf8');
      expect(eml).toContain(`To: ${to}`);
      expect(eml).toContain('Subject: Reset your Trade Portal password');
      expect((await row(id))?.status).toBe('done');
    } finally {
      env.SMTP_URL = saved.smtpUrl;
      env.MAIL_DIR = saved.mailDir;
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rejects an invalid payload before anything is written', async () => {
    await expect(
      db.transaction((tx) =>
        enqueueInOutbox(tx, 'send-email', { to: 'not-an-address', template: 'notification', data: { subject: 'x', lines: ['y'] } }),
      ),
    ).rejects.toThrow();
  });
});

import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { db, pool } from '@/db/client';
import { notifications, outbox, roles, users, userVendors } from '@/db/schema';
import * as documentsRoute from '@/app/api/v1/documents/route';
import { closeTransport } from '@/emails/transport';
import { effectKeyOf } from '@/jobs/outbox-job';
import { closeQueue, getQueue, retryDelaysMs } from '@/jobs/queue';
import { startWorker, type RunningWorker } from '@/jobs/worker';
import { env } from '@/lib/env';
import { createVendor, removeCreatedChanges } from '../support/changes';
import { uniqueTag } from '../support/fixtures';
import { callV1, newIntegration } from '../support/integrations';
import { TestSmtpServer } from '../support/smtp';
import { messageIdOf, waitFor } from '../support/worker-process';

/**
 * Issue 24: an SMTP server down for 10 minutes, everything delivered after. The digests of three suppliers are
 * enqueued while the server is stopped, so every send fails with "connection refused"; the jobs' own options must
 * give retries for at least ten minutes (computed with BullMQ's backoff, rather than waited for), and once the
 * server is back each digest arrives exactly once.
 */
const OUTAGE_MS = 10 * 60_000;
const ORDERS = 4;
const smtp = new TestSmtpServer();
const saved = { smtpUrl: env.SMTP_URL, window: env.NOTIFY_DIGEST_SECONDS };
let running: RunningWorker | undefined;
let recipients: string[] = [];

beforeAll(async () => {
  await smtp.start(); // for its port, which the worker keeps trying after the stop
  env.SMTP_URL = smtp.url;
  await smtp.stop();
  await (await getQueue()).obliterate({ force: true });
});

afterAll(async () => {
  await running?.stop();
  env.SMTP_URL = saved.smtpUrl;
  env.NOTIFY_DIGEST_SECONDS = saved.window;
  await (await getQueue()).obliterate({ force: true });
  if (recipients.length) await db.delete(users).where(inArray(users.email, recipients));
  await removeCreatedChanges().catch(() => undefined); // the vendor stays while its documents do
  await closeQueue();
  closeTransport();
  await smtp.stop();
  await pool.end();
});

const digestRows = () =>
  db
    .select()
    .from(outbox)
    .where(and(sql`${outbox.payload}->>'template' = 'digest'`, inArray(sql`${outbox.payload}->>'to'`, recipients)));

it('retries the digests through ten minutes of SMTP outage and delivers each exactly once after it', async () => {
  const { key } = await newIntegration({ subsidiaries: ['SUB01'] });
  const vendor = await createVendor();
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'v_user'));
  recipients = ['ann', 'ben', 'cat'].map((who) => `${who}.${uniqueTag().toLowerCase()}@outage.test`);
  const made = await db
    .insert(users)
    .values(recipients.map((email) => ({ name: 'Outage Supplier', email, roleId: role.id })))
    .returning({ id: users.id });
  await db.insert(userVendors).values(made.map(({ id }) => ({ userId: id, vendorId: vendor.id, canWrite: false })));
  const today = new Date().toISOString().slice(0, 10);
  const docnos: string[] = [];
  for (let n = 0; n < ORDERS; n += 1) {
    const docno = `OUT${uniqueTag()}`;
    docnos.push(docno);
    const lines = [{ lineNumber: 1, catalogueCode: '101001', qty: 1, amount: '10.00', taxPercent: 15 }];
    const body = { type: 'order', docno, vendorCode: vendor.code, storeCode: 'S001', docDate: today, deliveryDate: today, lines };
    const { status } = await callV1(documentsRoute.POST, '/api/v1/documents', { key, method: 'POST', body });
    expect(status).toBe(201);
  }

  // Only these three users' digests are under test. Earlier suites of the same run leave other users'
  // notifications waiting out their window; with the window at 0 the sweep would digest (and fail to
  // send) all of those first, one user at a time, and this test would wait behind them.
  await db
    .update(notifications)
    .set({ sentAt: new Date() })
    .where(
      and(
        isNull(notifications.sentAt),
        notInArray(
          notifications.userId,
          made.map(({ id }) => id),
        ),
      ),
    );

  // The worker sweeps (window 0: due at once) and tries to send while nothing listens.
  env.NOTIFY_DIGEST_SECONDS = 0;
  running = await startWorker({ relayIntervalMs: 200, digestIntervalMs: 300, closePool: false });
  await waitFor(
    async () => {
      const rows = await digestRows();
      return rows.length === recipients.length && rows.every((row) => row.attempts >= 2);
    },
    60_000,
    'two failed attempts of every digest',
  );
  const failing = await digestRows();
  for (const row of failing) {
    expect(row.status).toBe('queued');
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    // The job's own options (as the relay added it): its remaining retries wait out the outage.
    const job = (await (await getQueue()).getJob(effectKeyOf(row)))!;
    const delays = retryDelaysMs(job.opts);
    const stillAhead = delays.slice(job.attemptsMade).reduce((sum, ms) => sum + ms, 0);
    expect(stillAhead).toBeGreaterThanOrEqual(OUTAGE_MS);
  }
  expect(smtp.messages).toHaveLength(0);

  await smtp.start(); // same port: the next retry finds it
  await waitFor(async () => (await digestRows()).every((row) => row.status === 'done'), 60_000, 'every digest sent');
  await running.stop();
  running = undefined;

  for (const to of recipients) {
    const received = smtp.to(to);
    expect(received).toHaveLength(1); // exactly once, not once per attempt
    const mail = await simpleParser(received[0].raw);
    expect(mail.subject).toContain(`${ORDERS} updates`);
    for (const docno of docnos) expect(mail.text).toContain(docno);
  }
  expect(new Set(smtp.messages.map((m) => messageIdOf(m.raw))).size).toBe(smtp.messages.length);
}, 120_000);

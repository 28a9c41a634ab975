import { inArray } from 'drizzle-orm';
import { db, pool } from '../../../db/client';
import { outbox } from '../../../db/schema/outbox';
import { enqueueInOutbox } from '../../../jobs/enqueue';
import { messageIdFor } from '../../../emails';
import { closeQueue } from '../../../jobs/queue';
import { effectKeyOf } from '../../../jobs/outbox-job';
import { env } from '../../../lib/env';
import { TestSmtpServer } from '../support/smtp';
import { killWorkerProcesses, killed, messageIdOf, obliterateQueue, startWorkerProcess, waitFor } from '../support/worker-process';

/**
 * Design §1 and issue 14: the worker can die. 2,000 e-mails go through the outbox to a real SMTP server; the worker,
 * a separate process as in production, is killed with SIGKILL while it delivers and started again. Every e-mail must
 * arrive, and a repeat may only be the same message again (same Message-ID, so the recipient's mail system shows
 * one): the one moment no design can close is between the SMTP server's "accepted" and the outbox row's commit.
 */
const EMAILS = 2000;
const CONCURRENCY = 5; // the worker's default
const LOCK_MS = 3000; // how soon the restarted worker takes over the dead one's jobs
const prefix = `${env.QUEUE_PREFIX}-kill`;
const smtp = new TestSmtpServer();
let ids: number[] = [];

const startWorker = () => startWorkerProcess({ SMTP_URL: smtp.url, QUEUE_PREFIX: prefix, WORKER_LOCK_MS: String(LOCK_MS) });

async function rowsNotDone(): Promise<number> {
  const rows = await db.select({ status: outbox.status }).from(outbox).where(inArray(outbox.id, ids));
  return rows.filter((row) => row.status !== 'done').length;
}

beforeAll(async () => {
  await smtp.start();
  await obliterateQueue(prefix);
});

afterAll(async () => {
  await killWorkerProcesses();
  await obliterateQueue(prefix);
  if (ids.length > 0) await db.delete(outbox).where(inArray(outbox.id, ids));
  await closeQueue();
  await smtp.stop();
  await pool.end();
});

it('delivers 2,000 e-mails once each when the worker is killed with SIGKILL half-way and started again', async () => {
  ids = await db.transaction(async (tx) => {
    const written: number[] = [];
    for (let n = 0; n < EMAILS; n += 1) {
      const payload = {
        to: `kill-${n}@example.test`,
        template: 'notification' as const,
        data: { subject: `Kill test ${n}`, lines: ['—'] },
      };
      written.push(await enqueueInOutbox(tx, 'send-email', payload));
    }
    return written;
  });
  const createdAt = await db.select({ id: outbox.id, createdAt: outbox.createdAt }).from(outbox).where(inArray(outbox.id, ids));
  const expected = new Set(createdAt.map((row) => messageIdFor(effectKeyOf(row))));
  const ours = () => smtp.messages.filter((message) => message.to.some((to) => to.startsWith('kill-')));

  const first = startWorker();
  await waitFor(() => ours().length >= EMAILS / 4, 90_000, 'a quarter of the e-mails');
  await killed(first);
  const killedAt = Date.now();
  const deliveredAtKill = ours().length;

  startWorker();
  await waitFor(() => ours().length > deliveredAtKill, 60_000, 'the first e-mail after the restart');
  const firstAfterRestartMs = Date.now() - killedAt;
  await waitFor(async () => (await rowsNotDone()) === 0, 180_000, 'every outbox row done');
  const allDoneMs = Date.now() - killedAt;

  const received = ours().map((message) => messageIdOf(message.raw));
  const distinct = new Set(received);
  const repeats = received.length - distinct.size;
  console.log(
    `[worker-kill] killed after ${deliveredAtKill} of ${EMAILS}; first delivery ${firstAfterRestartMs} ms after the kill, ` +
      `all done ${allDoneMs} ms after it; ${distinct.size} distinct messages, ${repeats} repeated send(s) of the same Message-ID`,
  );

  expect(deliveredAtKill).toBeGreaterThan(0);
  expect(deliveredAtKill).toBeLessThan(EMAILS); // the kill really came mid-way
  expect(received.filter((id) => !expected.has(id))).toEqual([]); // no e-mail went out as a different message
  expect(distinct.size).toBe(EMAILS); // none lost
  expect(repeats).toBeLessThanOrEqual(CONCURRENCY); // only jobs at the accepted-but-not-committed moment repeat
}, 300_000);

import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { db, pool } from '@/db/client';
import { notifications, outbox, roles, users } from '@/db/schema';
import { messageIdFor } from '@/emails';
import { effectKeyOf } from '@/jobs/outbox-job';
import { closeQueue } from '@/jobs/queue';
import { env } from '@/lib/env';
import { uniqueTag } from '../support/fixtures';
import { TestSmtpServer } from '../support/smtp';
import { killWorkerProcesses, killed, messageIdOf, obliterateQueue, startWorkerProcess, waitFor } from '../support/worker-process';

/**
 * Issue 24: a worker killed mid-batch loses no notification and duplicates none, with the checks of the mail kill
 * test (tests/integration/jobs/worker-kill.test.ts). 200 users have three pending notifications each; the worker,
 * a process of its own, sweeps them into digests and sends them, is killed with SIGKILL once a quarter has arrived,
 * and is started again. Each user must get one digest listing their three notifications; a repeat may only be the
 * same message again (same Message-ID), at the moment between the SMTP server's "accepted" and the row's commit.
 */
const USERS = 200;
const PER_USER = 3;
const CONCURRENCY = 5; // the worker's default
const LOCK_MS = 3000;
const prefix = `${env.QUEUE_PREFIX}-digest-kill`;
const smtp = new TestSmtpServer();
const tag = uniqueTag().toLowerCase();
const domain = `@digest-kill-${tag}.test`;
let userIds: number[] = [];

const startWorker = () =>
  startWorkerProcess({ SMTP_URL: smtp.url, QUEUE_PREFIX: prefix, WORKER_LOCK_MS: String(LOCK_MS), NOTIFY_DIGEST_SECONDS: '1' });

const digestRows = () =>
  db
    .select({ id: outbox.id, createdAt: outbox.createdAt, status: outbox.status, to: sql<string>`${outbox.payload}->>'to'` })
    .from(outbox)
    .where(and(sql`${outbox.payload}->>'template' = 'digest'`, sql`${outbox.payload}->>'to' like ${`%${domain}`}`));

async function pendingNotifications(): Promise<number> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), isNull(notifications.sentAt)));
  return count;
}

beforeAll(async () => {
  await smtp.start();
  await obliterateQueue(prefix);
});

afterAll(async () => {
  await killWorkerProcesses();
  await obliterateQueue(prefix);
  const rows = await digestRows();
  if (rows.length)
    await db.delete(outbox).where(
      inArray(
        outbox.id,
        rows.map((r) => r.id),
      ),
    );
  if (userIds.length) await db.delete(users).where(inArray(users.id, userIds)); // their notifications go with them
  await closeQueue();
  await smtp.stop();
  await pool.end();
});

it('sends every user one digest of their notifications when the worker is killed with SIGKILL half-way and started again', async () => {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'v_user'));
  const made = await db
    .insert(users)
    .values(Array.from({ length: USERS }, (_, n) => ({ name: `Kill ${n}`, email: `u${n}${domain}`, roleId: role.id })))
    .returning({ id: users.id, email: users.email });
  userIds = made.map((u) => u.id);
  await db.insert(notifications).values(
    made.flatMap(({ id, email }) =>
      Array.from({ length: PER_USER }, (_, k) => {
        const docno = `DK-${email.split('@')[0]}-${k}`;
        return {
          userId: id,
          code: 'new-order',
          summary: {
            title: `Purchase Order ${docno}`,
            vendor: 'Kill vendor',
            store: null,
            path: `/?tab=orders&doc=${docno}`,
            tab: 'orders',
          },
        };
      }),
    ),
  );
  const ours = () => smtp.messages.filter((message) => message.to.some((to) => to.endsWith(domain)));

  const first = startWorker();
  // Each start compiles the worker under tsx, which on a loaded machine takes a minute or more.
  await waitFor(() => ours().length >= USERS / 4, 240_000, 'a quarter of the digests');
  await killed(first);
  const deliveredAtKill = ours().length;

  startWorker();
  await waitFor(
    async () => (await pendingNotifications()) === 0 && (await digestRows()).every((row) => row.status === 'done'),
    240_000,
    'every notification swept and every digest sent',
  );

  const rows = await digestRows();
  const received = ours();
  const distinct = new Set(received.map((message) => messageIdOf(message.raw)));
  console.log(
    `[digest-kill] killed after ${deliveredAtKill} of ${USERS} digests; ${distinct.size} distinct messages, ` +
      `${received.length - distinct.size} repeated send(s) of the same Message-ID`,
  );

  expect(deliveredAtKill).toBeLessThan(USERS); // the kill really came mid-way
  expect(new Set(rows.map((row) => row.to)).size).toBe(USERS); // one digest enqueued per user …
  expect(rows).toHaveLength(USERS); // … and never a second one
  const expected = new Set(rows.map((row) => messageIdFor(effectKeyOf(row))));
  expect([...distinct].filter((id) => !expected.has(id))).toEqual([]); // no e-mail went out as a different message
  expect(distinct.size).toBe(USERS); // none lost
  expect(received.length - distinct.size).toBeLessThanOrEqual(CONCURRENCY);
  // Each digest lists exactly its user's notifications: none moved to another's, none left out.
  const firstOf = new Map(received.map((message) => [message.to[0], message]));
  for (const { email } of made) {
    const mail = await simpleParser(firstOf.get(email)!.raw);
    const listed = [...String(mail.text).matchAll(/DK-(u\d+)-\d/g)].map((m) => m[0]);
    const user = email.split('@')[0];
    expect(new Set(listed)).toEqual(new Set(Array.from({ length: PER_USER }, (_, k) => `DK-${user}-${k}`)));
  }
}, 600_000);

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { recreateDatabase } from '@/db/migrate';
import { seedDatabase } from '@/db/seed/seed';
import { bareEnv, mailsIn, start, until, type Started } from './support/processes';

/**
 * SIGTERM under load (issue 28): a worker stopped while it sends e-mails loses none, another worker
 * finishing what it handed back. (The web's own drain on SIGTERM, server/main.ts, has no test yet: see
 * docs/operations.md.) Needs a production build (`next build`), as npm test runs it.
 */
const databaseUrl = `${process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/portal_test'}_shutdown`;
const JOBS = 40;
let dir: string;
let db: pg.Pool;
const processes: Started[] = [];

beforeAll(async () => {
  await recreateDatabase(databaseUrl);
  await seedDatabase({ databaseUrl, documents: 20 });
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-shutdown-'));
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await db?.end();
  await rm(dir, { recursive: true, force: true });
});

const common = () => ({
  DATABASE_URL: databaseUrl,
  REDIS_URL: 'redis://127.0.0.1:6379',
  QUEUE_PREFIX: `${process.env.TEST_QUEUE_PREFIX ?? 'portal-test'}-shutdown`,
  MAIL_DIR: dir,
  HOST: '127.0.0.1',
  NEXTAUTH_SECRET: 'graceful-shutdown-test-secret-0123456789',
});

it('a worker stopped with SIGTERM while sending loses no job', async () => {
  const recipients = Array.from({ length: JOBS }, (_, i) => `shutdown-${i}@example.test`);
  for (const to of recipients) {
    const payload = { to, template: 'notification', data: { subject: `Shutdown ${to}`, lines: ['One of many.'] } };
    await db.query(`insert into outbox (kind, payload) values ('send-email', $1)`, [payload]);
  }
  const first = start('npm', ['run', 'worker'], bareEnv(common()));
  processes.push(first);
  await first.waitForOutput('[worker] listening');
  await until(async () => (await mailsIn(dir)).length > 0, 60_000, first.output);
  process.kill(-first.child.pid!, 'SIGTERM');
  await until(() => first.child.exitCode !== null || first.child.signalCode !== null, 40_000, first.output);
  expect(first.output()).toContain('[worker] stopped');

  const second = start('npm', ['run', 'worker'], bareEnv(common()));
  processes.push(second);
  await until(
    async () => (await db.query(`select 1 from outbox where status <> 'done'`)).rowCount === 0,
    120_000,
    () => first.output() + second.output(),
  );
  const mails = await mailsIn(dir);
  for (const to of recipients) expect(mails.filter((m) => m.includes(`To: ${to}`))).toHaveLength(1);
}, 300_000);

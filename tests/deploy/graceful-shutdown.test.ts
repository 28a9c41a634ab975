import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { recreateDatabase } from '@/db/migrate';
import { seedDatabase } from '@/db/seed/seed';
import { DEMO_PASSWORD } from '@/db/seed/demo-accounts';
import { freePort } from '@/lib/net/ports';
import { bareEnv, httpClient, mailsIn, start, until, waitForHttp, type Started } from './support/processes';

/**
 * SIGTERM under load (issue 28): a web process stopped while requests are in flight answers every one of
 * them, and /readyz says 503 meanwhile; a worker stopped while it sends e-mails loses none, another worker
 * finishing what it handed back. Needs a production build (`next build`), as npm test runs it.
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

it('a web process stopped with SIGTERM answers every request in flight', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const web = start('npm', ['start'], bareEnv({ ...common(), PORT: String(port), APP_URL: base, WEB_CONCURRENCY: '1' }));
  processes.push(web);
  await waitForHttp(base);
  const client = httpClient(base);
  expect((await client.signIn('admin@portal.test', DEMO_PASSWORD)).status).toBe(200);
  expect((await fetch(`${base}/readyz`)).status).toBe(200);

  // Load when the signal comes: every request the process accepted gets its answer; after the signal it
  // accepts no new connection (a load balancer sends those elsewhere), which shows as a refusal, never a reset.
  const outcome = (response: Promise<Response>) =>
    response.then(
      (r) => r.status,
      (error: { cause?: { code?: string } }) => error.cause?.code ?? 'error',
    );
  const load = Array.from({ length: 40 }, () => outcome(client.get('/divisions')));
  await new Promise((resolve) => setTimeout(resolve, 20));
  process.kill(-web.child.pid!, 'SIGTERM');
  const outcomes = await Promise.all(load);
  expect(outcomes.filter((o) => o !== 200 && o !== 'ECONNREFUSED')).toEqual([]);
  expect(outcomes.filter((o) => o === 200).length).toBeGreaterThan(0);
  await until(() => web.child.exitCode !== null || web.child.signalCode !== null, 30_000, web.output);
  expect(web.child.exitCode).toBe(0);
}, 300_000);

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

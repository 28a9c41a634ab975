import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@/db/seed/demo-accounts';
import { INVOICING_DEMO } from '@/db/seed/invoicing';
import { answersAt, freePort } from '@/lib/net/ports';
import { bareEnv, httpClient, mailsIn, start, until, waitForHttp, type Started } from './support/processes';

/**
 * `npm run demo` on a machine with no database or Redis server: the default addresses point at ports
 * nothing listens on, so the demo starts its embedded PostgreSQL and runs the queue on it. Everything is
 * checked from outside, over HTTP and in the mail folder. Needs a production build (`next build`).
 */
let dir: string;
let demo: Started | undefined;
/** Where the embedded server really kept its data, as the demo printed it. */
let dataDir: string | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-demo-'));
  // Like a root user's home or a `mktemp -d`: under root the embedded server runs as the user 'postgres', which
  // cannot enter it, so its binaries and data are kept elsewhere (README).
  await chmod(dir, 0o700);
});

afterAll(async () => {
  await demo?.stop();
  await rm(dir, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function runDemo(): Promise<{ demo: Started; base: string }> {
  const [port, noDatabase, noRedis] = [await freePort(), await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const env = bareEnv({
    DEFAULT_DATABASE_URL: `postgresql://postgres@127.0.0.1:${noDatabase}/portal`,
    DEFAULT_REDIS_URL: `redis://127.0.0.1:${noRedis}`,
    EMBEDDED_POSTGRES_DIR: path.join(dir, 'postgres'),
    MAIL_DIR: path.join(dir, 'mail'),
    DEMO_SKIP_BUILD: '1',
    DEMO_DOCUMENTS: '60',
    PORT: String(port),
    APP_URL: base,
    WEB_CONCURRENCY: '1',
  });
  const started = start('npx', ['tsx', 'scripts/demo.ts'], env);
  await started.waitForOutput('Ctrl+C stops everything');
  await waitForHttp(base);
  return { demo: started, base };
}

it('starts an embedded PostgreSQL and a PostgreSQL-backed queue, signs in over HTTP and mails a reset link', async () => {
  const run = await runDemo();
  demo = run.demo;
  const printed = demo.output();
  const database = /database: embedded PostgreSQL on 127\.0\.0\.1:\d+, data in (\S+) \(DATABASE_URL unset and nothing answers/.exec(
    printed,
  );
  expect(database).not.toBeNull();
  dataDir = database![1];
  if (process.getuid?.() === 0) expect(dataDir).toMatch(/trade-portal-postgres-data-/);
  expect(printed).toMatch(
    /queue: {4}BullMQ on PostgreSQL 127\.0\.0\.1:\d+\/portal \(schema bullmq_portal; REDIS_URL unset and nothing answers/,
  );
  expect(printed).toContain(`e-mails:  .eml files in ${path.join(dir, 'mail')}`);
  expect(printed).toContain('supplier@portal.test');

  const client = httpClient(run.base);
  expect((await client.get('/divisions')).status).toBe(401);
  expect((await client.signIn('admin@portal.test', DEMO_PASSWORD)).status).toBe(200);
  expect((await client.get('/divisions')).status).toBe(200);

  const reset = await client.post('/password/email', { email: 'retail.user@portal.test' });
  expect(reset.status).toBe(200);
  await until(
    async () => (await mailsIn(path.join(dir, 'mail'))).some((m) => m.includes('retail.user@portal.test')),
    60_000,
    () => demo!.output(),
  );

  const databasePort = Number(/embedded PostgreSQL on 127\.0\.0\.1:(\d+)/.exec(printed)![1]);
  await demo.stop();
  // Stopped with the demo, after web and worker.
  await until(
    async () => !(await answersAt(`postgresql://127.0.0.1:${databasePort}`, databasePort)),
    15_000,
    () => demo!.output(),
  );
}, 300_000);

it('a second run reuses the data: nothing to add, the same accounts sign in', async () => {
  const run = await runDemo();
  demo = run.demo;
  // The 60 generated documents and the fixed invoicing demo documents written after them.
  expect(demo.output()).toContain(`documents: ${60 + INVOICING_DEMO.length} before, 0 added`);
  expect((await httpClient(run.base).signIn('retail.user@portal.test', DEMO_PASSWORD)).status).toBe(200);
}, 300_000);

import { DEMO_PASSWORD } from '@/db/seed/demo-accounts';
import { freePort } from '@/lib/net/ports';
import { bareEnv, httpClient, mailsIn, start, until, waitForHttp } from './support/processes';
import { seededDeployment } from './support/seeded-deployment';

/**
 * The scale-out path on real servers: two web processes and two workers, each started with its npm
 * script, on one PostgreSQL and one Redis. A session made on one web process is good on the other, and
 * every job is done exactly once although both workers relay the outbox and take jobs from the queue.
 * Needs a production build (`next build`).
 */
const deployment = seededDeployment('scale');
const { databaseUrl, processes } = deployment;
const JOBS = 30;

it('two web processes share sessions and two workers do each job once', async () => {
  const ports = [await freePort(), await freePort()];
  const common = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `${process.env.TEST_QUEUE_PREFIX ?? 'portal-test'}-scale`,
    MAIL_DIR: deployment.dir,
    WEB_CONCURRENCY: '1',
    HOST: '127.0.0.1',
    NEXTAUTH_SECRET: 'scale-out-test-secret-0123456789',
  };
  for (const port of ports)
    processes.push(start('npm', ['start'], bareEnv({ ...common, PORT: String(port), APP_URL: `http://127.0.0.1:${port}` })));
  for (let i = 0; i < 2; i++) processes.push(start('npm', ['run', 'worker'], bareEnv(common)));
  const [a, b] = ports.map((port) => `http://127.0.0.1:${port}`);
  await Promise.all([waitForHttp(a), waitForHttp(b), ...processes.slice(2).map((w) => w.waitForOutput('[worker] listening'))]);
  for (const worker of processes.slice(2)) expect(worker.output()).toContain('BullMQ on Redis 127.0.0.1:6379');

  const onA = httpClient(a);
  expect((await onA.signIn('admin@portal.test', DEMO_PASSWORD)).status).toBe(200);
  const onB = httpClient(b);
  expect((await onB.get('/divisions')).status).toBe(401);
  onB.withSessionOf(onA);
  expect((await onB.get('/divisions')).status).toBe(200);

  const recipients = Array.from({ length: JOBS }, (_, i) => `scale-${i}@example.test`);
  for (const to of recipients) {
    const payload = { to, template: 'notification', data: { subject: `Scale ${to}`, lines: ['One of many.'] } };
    await deployment.db.query(`insert into outbox (kind, payload) values ('send-email', $1)`, [payload]);
  }
  await until(
    async () => (await deployment.db.query(`select 1 from outbox where status <> 'done'`)).rowCount === 0,
    60_000,
    () => processes.map((p) => p.output()).join('\n'),
  );
  const mails = await mailsIn(deployment.dir);
  for (const to of recipients) expect(mails.filter((m) => m.includes(`To: ${to}`))).toHaveLength(1);
  expect(mails).toHaveLength(JOBS);
}, 300_000);

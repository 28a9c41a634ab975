import { freePort } from '@/lib/net/ports';
import { bareEnv, start, until, waitForHttp } from './support/processes';
import { seededDeployment } from './support/seeded-deployment';

/**
 * `npm run integration:demo` (issue 23) against a real portal: `npm start` and `npm run worker` on their own
 * database, the demo run as a user runs it. It must create the integration, push the sample day of orders,
 * have the supplier confirm one, get the signed webhook and the feed's events, and revoke the integration;
 * and say plainly when the portal is not there. Needs a production build (`next build`), as npm test runs it.
 */
const deployment = seededDeployment('intdemo');
const { databaseUrl, processes } = deployment;

/** Runs `npm run integration:demo` against `appUrl` to its end: its exit code and what it printed. */
async function runDemo(appUrl: string): Promise<{ code: number | null; output: string }> {
  const demo = start('npm', ['run', 'integration:demo'], bareEnv({ APP_URL: appUrl, DEMO_WEBHOOK_TIMEOUT_MS: '60000' }));
  processes.push(demo);
  await until(() => demo.child.exitCode !== null || demo.child.signalCode !== null, 150_000, demo.output);
  return { code: demo.child.exitCode, output: demo.output() };
}

it('says plainly that the portal is not answering', async () => {
  const { code, output } = await runDemo(`http://127.0.0.1:${await freePort()}`);
  expect(code).toBe(1);
  expect(output).toMatch(/The portal is not answering at http:\/\/127\.0\.0\.1:\d+ .*npm run demo/);
}, 180_000);

it('connects a retailer: integration, a day of orders, a confirmation by webhook and feed, revoked', async () => {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const common = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `${process.env.TEST_QUEUE_PREFIX ?? 'portal-test'}-intdemo`,
    MAIL_DIR: deployment.dir,
    HOST: '127.0.0.1',
    NEXTAUTH_SECRET: 'integration-demo-test-secret-0123456789',
  };
  const web = start('npm', ['start'], bareEnv({ ...common, PORT: String(port), APP_URL: appUrl, WEB_CONCURRENCY: '1' }));
  const worker = start('npm', ['run', 'worker'], bareEnv(common));
  processes.push(web, worker);
  await Promise.all([waitForHttp(appUrl), worker.waitForOutput('[worker] listening')]);

  const { code, output } = await runDemo(appUrl);
  expect([code, output]).toEqual([0, expect.stringContaining('Done.')]);
  expect(output).toMatch(/12 created/);
  expect(output).toMatch(/12 unchanged/);
  expect(output).toMatch(/Webhook received and verified/);
  expect(output).toMatch(/"type": "order.confirmed"/);
  expect(output).toMatch(/order\.confirmed\s+DEMO-PO-0001-\d{14}/);
  expect(output).toMatch(/its key now gets 401/);

  // What the demo said happened is in the database: twelve orders, one confirmed, delivered by webhook, revoked.
  const { rows: orders } = await deployment.db.query<{ docno: string; responded: boolean }>(
    `select docno, responded_at is not null as responded from xdocs where docno like 'DEMO-PO-%' order by docno`,
  );
  expect(orders).toHaveLength(12);
  expect(orders.filter((o) => o.responded).map((o) => o.docno)).toEqual([expect.stringMatching(/^DEMO-PO-0001-/)]);
  const { rows: integrations } = await deployment.db.query(`select id, revoked_at from integrations`);
  expect(integrations).toEqual([expect.objectContaining({ revoked_at: expect.any(Date) })]);
  const { rows: deliveries } = await deployment.db.query<{ type: string; status: string }>(
    `select e.type, d.status from webhook_deliveries d join events e on e.id = d.event_id where e.type = 'order.confirmed'`,
  );
  expect(deliveries).toEqual([{ type: 'order.confirmed', status: 'succeeded' }]);
}, 300_000);

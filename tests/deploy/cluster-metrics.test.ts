import http from 'node:http';
import { recreateDatabase } from '@/db/migrate';
import { seedDatabase } from '@/db/seed/seed';
import { DEMO_PASSWORD } from '@/db/seed/demo-accounts';
import { freePort } from '@/lib/net/ports';
import { bareEnv, httpClient, start, waitForHttp, type Started } from './support/processes';

/**
 * /metrics of `npm start` with several processes on one port (server/main.ts, issue 28): requests spread
 * over the processes, and whichever process a scrape reaches reports all of them
 * (lib/observability/cluster-metrics.ts). Needs a production build (`next build`), as npm test runs it.
 */
const databaseUrl = `${process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/portal_test'}_metrics`;
const TOKEN = 'cluster-metrics-test-token-0123456789';
const REQUESTS = 24;
const SERIES = 'portal_http_requests_total{method="GET",route="/api/divisions",status="200"}';
let web: Started | undefined;

beforeAll(async () => {
  await recreateDatabase(databaseUrl);
  await seedDatabase({ databaseUrl, documents: 20 });
}, 120_000);

afterAll(async () => {
  await web?.stop();
});

type Answer = { status: number; body: string };

/** One request on a connection of its own, as separate clients make them: the cluster hands each connection to the next process. */
function onNewConnection(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

/** The value of one series in Prometheus text, 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** The process (pid) whose request log line carries this request id. */
function pidOfRequest(output: string, requestId: string): number | undefined {
  const line = output.split('\n').find((l) => l.includes(`"requestId":"${requestId}"`));
  return line ? (JSON.parse(line) as { pid: number }).pid : undefined;
}

it('counts the requests of every web process, whichever process is scraped', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  web = start(
    'npm',
    ['start'],
    bareEnv({
      DATABASE_URL: databaseUrl,
      REDIS_URL: 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: `${process.env.TEST_QUEUE_PREFIX ?? 'portal-test'}-metrics`,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: base,
      WEB_CONCURRENCY: '2',
      METRICS_TOKEN: TOKEN,
      NEXTAUTH_SECRET: 'cluster-metrics-test-secret-0123456789',
    }),
  );
  await waitForHttp(base);
  const client = httpClient(base);
  expect((await client.signIn('admin@portal.test', DEMO_PASSWORD)).status).toBe(200);
  const scrape = () => onNewConnection(`${base}/metrics`, { authorization: `Bearer ${TOKEN}` });

  expect((await onNewConnection(`${base}/metrics`, {})).status).toBe(401);
  const before = await scrape();
  expect(before.status).toBe(200);
  const counted = valueOf(before.body, SERIES);

  const headers = { cookie: `${client.session()}`, 'x-requested-with': 'XMLHttpRequest' };
  const ids = Array.from({ length: REQUESTS }, (_, i) => `cluster-metrics-${Date.now()}-${i}`);
  for (const id of ids) expect((await onNewConnection(`${base}/divisions`, { ...headers, 'x-request-id': id })).status).toBe(200);
  // Each process logs what it answered: the requests reached more than one.
  const pids = new Set(ids.map((id) => pidOfRequest(web!.output(), id)));
  expect(pids.has(undefined)).toBe(false);
  expect(pids.size).toBe(2);

  // Every scrape counts all of them, whichever process answers it.
  for (let i = 0; i < 4; i++) {
    const after = await scrape();
    expect(after.status).toBe(200);
    expect(valueOf(after.body, SERIES)).toBe(counted + REQUESTS);
    // Shared values are not multiplied by the number of processes.
    expect(after.body).toMatch(/^portal_queue_jobs\{state="waiting"\} \d+$/m);
    expect(after.body.match(/^nodejs_version_info\{/gm)).toHaveLength(1);
  }
}, 300_000);

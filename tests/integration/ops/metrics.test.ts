import type { Server } from 'node:http';
import { pool } from '@/db/client';
import { GET as metricsRoute } from '@/app/api/metrics/route';
import { GET as divisions } from '@/app/api/divisions/route';
import { env } from '@/lib/env';
import { freePort } from '@/lib/net/ports';
import { recordJob } from '@/lib/observability/metrics';
import { serveMetrics } from '@/lib/observability/metrics-server';
import { callRoute, sessionHeaders } from '../support/actors';

/*
 * GET /metrics (issue 28): Prometheus text only with the METRICS_TOKEN bearer; it counts API requests by
 * route pattern and status and reads the pool, the outbox and the queue. The worker serves its own.
 */
const TOKEN = 'metrics-test-token-0123456789';
let worker: Server | undefined;

afterAll(async () => {
  env.METRICS_TOKEN = undefined;
  await new Promise((resolve) => (worker ? worker.close(resolve) : resolve(undefined)));
  await pool.end();
});

const scrape = (authorization?: string) => callRoute(metricsRoute, '/metrics', { headers: authorization ? { authorization } : {} });

/** The value of one series in Prometheus text, 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

it('answers 404 when no token is configured, and 401 without the right token', async () => {
  env.METRICS_TOKEN = undefined;
  expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(404);
  env.METRICS_TOKEN = TOKEN;
  const refused = await scrape();
  expect(refused.status).toBe(401);
  expect(await refused.text()).not.toContain('portal_');
  expect((await scrape('Bearer wrong-token-0123456789')).status).toBe(401);
  expect((await scrape(TOKEN)).status).toBe(401);
});

it('counts a request by route pattern and status, and reports the pool, the outbox and the queue', async () => {
  env.METRICS_TOKEN = TOKEN;
  const series = 'portal_http_requests_total{method="GET",route="/api/divisions",status="200"}';
  const before = valueOf(await (await scrape(`Bearer ${TOKEN}`)).text(), series);
  expect((await callRoute(divisions, '/divisions', { headers: await sessionHeaders('admin@portal.test') })).status).toBe(200);
  const response = await scrape(`Bearer ${TOKEN}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const text = await response.text();
  expect(valueOf(text, series)).toBe(before + 1);
  expect(text).toContain('portal_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/divisions",status="200"}');
  expect(text).toMatch(/^portal_db_pool_connections\{state="total"\} \d+$/m);
  expect(text).toMatch(/^portal_outbox_backlog_rows\{status="pending"\} \d+$/m);
  expect(text).toMatch(/^portal_outbox_oldest_age_seconds \d/m);
  for (const state of ['waiting', 'active', 'delayed', 'failed'])
    expect(text).toMatch(new RegExp(`^portal_queue_jobs\\{state="${state}"\\} \\d+$`, 'm'));
});

it("serves the worker's job and e-mail counts on its own port, with the same token", async () => {
  const port = await freePort();
  worker = await serveMetrics(port, TOKEN, '127.0.0.1');
  recordJob('send-email', 'completed');
  recordJob('send-email', 'retry');
  const url = `http://127.0.0.1:${port}/metrics`;
  expect((await fetch(url)).status).toBe(401);
  const text = await (await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  expect(valueOf(text, 'portal_emails_total{outcome="sent"}')).toBeGreaterThanOrEqual(1);
  expect(valueOf(text, 'portal_emails_total{outcome="failed"}')).toBeGreaterThanOrEqual(1);
  expect(valueOf(text, 'portal_jobs_total{job="send-email",outcome="completed"}')).toBeGreaterThanOrEqual(1);
});

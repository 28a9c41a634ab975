import pg from 'pg';
import { pool } from '@/db/client';
import { freePort } from '@/lib/net/ports';
import { GET as healthz } from '@/app/api/healthz/route';
import { GET as readyz } from '@/app/api/readyz/route';
import { checkReadiness, databaseCheck, markShuttingDown, readinessResponse } from '@/lib/observability/readiness';

/*
 * /healthz and /readyz (issue 28): what load balancers, the compose file and the image's HEALTHCHECK ask.
 * The unready cases use a real pool pointed at a port nothing listens on, as a stopped PostgreSQL looks.
 */
let closed: pg.Pool;

beforeAll(async () => {
  closed = new pg.Pool({ connectionString: `postgresql://postgres@127.0.0.1:${await freePort()}/portal`, max: 1 });
});

afterAll(async () => {
  await closed.end();
  await pool.end();
});

it('/healthz answers 200 at once, never cached, with nothing but its status', async () => {
  const response = healthz();
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.json()).toEqual({ status: 'ok' });
});

it('/readyz answers 200 when PostgreSQL and the queue answer', async () => {
  const response = await readyz();
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.json()).toEqual({ status: 'ready' });
});

it('/readyz answers 503 naming the database when PostgreSQL does not answer, and no more than its name', async () => {
  const queue = async () => 1;
  const response = readinessResponse(await checkReadiness({ database: databaseCheck(closed), queue }));
  expect(response.status).toBe(503);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = await response.text();
  expect(JSON.parse(body)).toEqual({ status: 'not ready', failed: ['database'] });
  expect(body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres:/);
});

it('/readyz names the queue when it does not answer within the time-out', async () => {
  const hangs = () => new Promise(() => undefined);
  const started = Date.now();
  const readiness = await checkReadiness({ database: databaseCheck(pool), queue: hangs }, 300);
  expect(readiness).toEqual({ ready: false, failed: ['queue'] });
  expect(Date.now() - started).toBeLessThan(2000);
});

it('/readyz answers 503 once the process is shutting down, so the load balancer stops sending to it', async () => {
  markShuttingDown();
  try {
    expect(await checkReadiness({ database: databaseCheck(pool) })).toEqual({ ready: false, failed: ['shutting down'] });
  } finally {
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('portal.shuttingDown')];
  }
});

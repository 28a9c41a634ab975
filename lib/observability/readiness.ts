import type pg from 'pg';
import { API_CSP } from '../http/security-headers';

/**
 * What /healthz and /readyz answer (docs/operations.md). Health says only that the process runs; readiness
 * that it can serve: PostgreSQL and the queue each answer within a short time-out, and the process is not
 * shutting down. Both are for load balancers and orchestrators, so they name what failed and nothing more
 * (no hosts, versions or error messages an attacker could use), and are never cached.
 */
export const READY_TIMEOUT_MS = 2000;

export type Check = () => Promise<unknown>;
export type Readiness = { ready: true } | { ready: false; failed: string[] };

// On globalThis: server/main.ts (run by tsx) and the route handlers (bundled by Next) load this module apart.
const SHUTTING_DOWN = Symbol.for('portal.shuttingDown');
type Flagged = typeof globalThis & { [SHUTTING_DOWN]?: boolean };

/** Called on SIGTERM: from then on /readyz says 503 so a load balancer stops sending new requests. */
export function markShuttingDown(): void {
  (globalThis as Flagged)[SHUTTING_DOWN] = true;
}

export const isShuttingDown = () => (globalThis as Flagged)[SHUTTING_DOWN] === true;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Runs every check at once; a check that throws or outlasts the time-out has failed. */
export async function checkReadiness(checks: Record<string, Check>, timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> {
  const names = Object.keys(checks);
  const results = await Promise.allSettled(names.map((name) => within(checks[name](), timeoutMs)));
  const failed = names.filter((_, i) => results[i].status === 'rejected');
  if (isShuttingDown()) failed.push('shutting down');
  return failed.length ? { ready: false, failed } : { ready: true };
}

/** PostgreSQL answers a query through this pool. */
export const databaseCheck =
  (pool: pg.Pool): Check =>
  () =>
    pool.query('select 1');

/** Answers of both endpoints: never stored, never run as a document. */
export function healthResponse(body: Record<string, unknown>, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', 'content-security-policy': API_CSP },
  });
}

export function readinessResponse(readiness: Readiness): Response {
  return readiness.ready
    ? healthResponse({ status: 'ready' }, 200)
    : healthResponse({ status: 'not ready', failed: readiness.failed }, 503);
}

import { Gauge } from 'prom-client';
import { pool } from '../../db/client';
import { getQueue } from '../../jobs/queue';
import { metrics } from './metrics';

/**
 * What /metrics reads at scrape time besides the request counters: this process's PostgreSQL pool, the
 * outbox's backlog (rows not yet done, through its partial index) and the queue's jobs by state. The outbox
 * and the queue are shared, so every replica reports the same values (aggregate them with max()), and so
 * does every process of one replica: their `aggregator` is `max` where cluster-metrics.ts adds the
 * processes up (the pool's is the sum, the pool of all of them).
 * A source that does not answer leaves its series out of that scrape rather than failing it.
 * Registered when a web process starts (instrumentation.ts), so a cluster process that has never been
 * scraped still reports its pool; once per registry, which Next's bundles of this file share.
 */
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

export function registerPortalGauges(): void {
  const { registry } = metrics();
  if (registry.getSingleMetric('portal_db_pool_connections')) return;
  const registers = [registry];
  new Gauge({
    name: 'portal_db_pool_connections',
    help: "This process's PostgreSQL pool: connections open, idle, and requests waiting for one",
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  const outboxRows = new Gauge({
    name: 'portal_outbox_backlog_rows',
    help: 'Outbox rows not yet done, by status',
    labelNames: ['status'],
    registers,
    aggregator: 'max',
  });
  new Gauge({
    name: 'portal_outbox_oldest_age_seconds',
    help: 'Age of the oldest outbox row not yet done (0 when there is none)',
    registers,
    aggregator: 'max',
    async collect() {
      this.reset();
      outboxRows.reset();
      const { rows } = await pool
        .query<{ status: string; count: number; age: number | null }>(
          `select status, count(*)::int as count, extract(epoch from now() - min(created_at))::float8 as age
             from outbox where status in ('pending', 'queued') group by status`,
        )
        .catch(() => ({ rows: null }));
      if (!rows) return;
      for (const status of ['pending', 'queued']) outboxRows.set({ status }, rows.find((r) => r.status === status)?.count ?? 0);
      this.set(Math.max(0, ...rows.map((r) => r.age ?? 0)));
    },
  });
  new Gauge({
    name: 'portal_queue_jobs',
    help: 'Jobs in the queue by state',
    labelNames: ['state'],
    registers,
    aggregator: 'max',
    async collect() {
      this.reset();
      const counts = await withTimeout(getQueue().then((queue) => queue.getJobCounts(...QUEUE_STATES))).catch(() => null);
      if (counts) for (const state of QUEUE_STATES) this.set({ state }, counts[state] ?? 0);
    },
  });
}

function withTimeout<T>(work: Promise<T>, ms = 2000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (prom-client), served by GET /metrics (app/api/metrics/route.ts).
 * One registry per process, kept on globalThis: Next bundles route code apart from code Node loads itself,
 * and a second registry would count half the requests.
 */
type Metrics = {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  durations: Histogram<'method' | 'route' | 'status'>;
  jobs: Counter<'job' | 'outcome'>;
  emails: Counter<'outcome'>;
};

const KEY = Symbol.for('portal.metrics');
const holder = globalThis as typeof globalThis & { [KEY]?: Metrics };

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  return {
    registry,
    requests: new Counter({
      name: 'portal_http_requests_total',
      help: 'API requests by route pattern and status',
      labelNames,
      registers: [registry],
    }),
    durations: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time to answer an API request (until the response starts), by route pattern and status',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    jobs: new Counter({
      name: 'portal_jobs_total',
      help: 'Job runs of this worker by job name and outcome (completed, skipped, retry, failed)',
      labelNames: ['job', 'outcome'],
      registers: [registry],
    }),
    emails: new Counter({
      name: 'portal_emails_total',
      help: 'E-mails this worker sent, or failed to send (an attempt that threw, retried or not)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
  };
}

export const metrics = (): Metrics => (holder[KEY] ??= create());

export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = { method, route, status: String(status) };
  metrics().requests.inc(labels);
  metrics().durations.observe(labels, seconds);
}

/** One job run; an e-mail job's run is also an e-mail sent or failed. */
export function recordJob(job: string, outcome: 'completed' | 'skipped' | 'retry' | 'failed'): void {
  metrics().jobs.inc({ job, outcome });
  if (job === 'send-email' && outcome !== 'skipped') metrics().emails.inc({ outcome: outcome === 'completed' ? 'sent' : 'failed' });
}

import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry } from 'prom-client';
import { metrics } from './metrics';

/**
 * /metrics for the whole of `npm start`, which runs WEB_CONCURRENCY processes on one port (server/main.ts):
 * a scrape reaches one of them, and each counts only the requests it answered. So the process that is
 * scraped asks the primary, the primary collects every process's registry (prom-client's
 * AggregatorRegistry) and answers the sum: counters and histograms add up, the pool gauge is the pool
 * of all processes, and the shared outbox and queue gauges say `max` (portal-gauges.ts).
 * Without a cluster (one process, or the image's server.js) a process answers its own registry.
 */
const ASK = 'portal:metrics-request';
const ANSWER = 'portal:metrics-response';
const ANSWER_WITHIN_MS = 8_000; // prom-client gives up on a silent process after 5 s

type Ask = { type: typeof ASK; id: string };
type Answer = { type: typeof ANSWER; id: string; text?: string; error?: string };
const isAsk = (message: unknown): message is Ask => (message as Ask | null)?.type === ASK;
const isAnswer = (message: unknown): message is Answer => (message as Answer | null)?.type === ANSWER;

/** In the primary: answers a process's request for the cluster's metrics. */
export function gatherMetricsOfProcesses(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isAsk(message)) return;
    void aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
      (error: Error) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: error.message } satisfies Answer),
    );
  });
}

/** In each web process of a cluster, before it serves: the primary may ask for this process's registry. */
export function shareMetricsWithPrimary(): void {
  if (!cluster.isWorker) return;
  new AggregatorRegistry(); // prom-client: constructing one makes a cluster process answer the primary's requests
  AggregatorRegistry.setRegistries([metrics().registry]);
}

// On globalThis: the route (bundled by Next) may be loaded more than once, and must listen only once.
const PENDING = Symbol.for('portal.metricsRequests');
type Pending = Map<string, (answer: Answer) => void>;
const holder = globalThis as typeof globalThis & { [PENDING]?: Pending };

function pendingRequests(): Pending {
  if (holder[PENDING]) return holder[PENDING];
  const pending: Pending = new Map();
  holder[PENDING] = pending;
  process.on('message', (message: unknown) => {
    if (isAnswer(message)) pending.get(message.id)?.(message);
  });
  return pending;
}

/** The Prometheus text of the whole web server: of every cluster process, or of this one when it runs alone. */
export function webMetricsText(): Promise<string> {
  const send = process.send?.bind(process);
  if (!cluster.isWorker || !send) return metrics().registry.metrics();
  const pending = pendingRequests();
  const id = randomUUID();
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => settle({ type: ANSWER, id, error: 'the primary did not answer' }), ANSWER_WITHIN_MS);
    function settle(answer: Answer) {
      clearTimeout(timer);
      pending.delete(id);
      if (answer.text !== undefined) resolve(answer.text);
      else reject(new Error(`cluster metrics: ${answer.error}`));
    }
    pending.set(id, settle);
    send({ type: ASK, id } satisfies Ask);
  });
}

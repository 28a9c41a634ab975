import cluster from 'node:cluster';
import http from 'node:http';
import next from 'next';
import { pool } from '../db/client';
import { gatherMetricsOfProcesses, shareMetricsWithPrimary } from '../lib/observability/cluster-metrics';
import { markShuttingDown } from '../lib/observability/readiness';
import { env, productionSecretProblem } from '../lib/env';

/**
 * The production web server (`npm start`): Next's own request handler for every request, page or API,
 * in WEB_CONCURRENCY processes sharing the port (Node cluster), one per core by default, because one
 * Node process uses one core. It adds nothing else: routing, rewrites, the proxy, compression and error
 * pages are Next's, exactly as under `next dev`. Processes hold nothing that must agree (sessions,
 * throttling and counters live in PostgreSQL), so they are interchangeable. docs/architecture.md.
 */
const { PORT: port, HOST: hostname, WEB_CONCURRENCY: processes } = env;
/** How long a stopping web process keeps answering new requests, then how long it may take to finish (the compose file allows 30 s in all). */
const DRAIN_MS = 3_000;
const SHUTDOWN_MS = 22_000;

// Refused before any process is forked: a web process that refused would only be started again.
const secretProblem = productionSecretProblem();
if (secretProblem) {
  console.error(`Not starting: ${secretProblem}`);
  process.exit(1);
}

if (cluster.isPrimary && processes > 1) superviseProcesses(processes);
else await serve();

function superviseProcesses(count: number): void {
  let stopping = false;
  gatherMetricsOfProcesses();
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`web process ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), SHUTDOWN_MS + 3000).unref();
    cluster.on('exit', () => {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function serve(): Promise<void> {
  shareMetricsWithPrimary();
  const app = next({ dev: false, hostname, port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = http.createServer((req, res) => void handle(req, res));
  server.keepAliveTimeout = 65_000;
  server.listen(port, hostname, () => {
    if (!cluster.isWorker || cluster.worker?.id === 1) console.log(`ready on http://${hostname}:${port} (${processes} web process(es))`);
  });
  // /readyz says 503 from now on, but the process keeps answering for DRAIN_MS: requests already on their
  // way (in the listen backlog, or about to be sent on a kept-alive connection) are answered, with
  // `Connection: close`, instead of reset, while the load balancer learns to send no more. Then it stops
  // listening, finishes what is in flight (up to SHUTDOWN_MS), closes the pool, and goes. Once: a signal
  // often comes twice (to the process group, and relayed by npm or tsx), and a second server.close()
  // calls back at once, which would exit mid-request.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    markShuttingDown();
    server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => res.setHeader('connection', 'close'));
    setTimeout(() => {
      server.close(() => void pool.end().finally(() => process.exit(0)));
      server.closeIdleConnections();
    }, DRAIN_MS);
    setTimeout(() => process.exit(0), DRAIN_MS + SHUTDOWN_MS).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

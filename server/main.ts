import cluster from 'node:cluster';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import next from 'next';
import { pool } from '../db/client';
import { gatherMetricsOfProcesses, shareMetricsWithPrimary } from '../lib/observability/cluster-metrics';
import { markShuttingDown } from '../lib/observability/readiness';
import { env, productionSecretProblem } from '../lib/env';

/**
 * The production web server (`npm start`, and the web image's `node web.js`, this file bundled): Next's own request handler for every request, page or API,
 * in WEB_CONCURRENCY processes sharing the port (Node cluster), one per core but one by default (lib/env.ts), because one
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
  let failed = false;
  gatherMetricsOfProcesses();
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      failed ||= code !== 0;
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(failed ? 1 : 0);
      return;
    }
    console.error(`web process ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  // Each process drains on its own (serve); the primary exits 0 once all have stopped cleanly.
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), DRAIN_MS + SHUTDOWN_MS + 1000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function serve(): Promise<void> {
  shareMetricsWithPrimary();
  loadBuiltConfig();
  const app = next({ dev: false, hostname, port });
  const handle = app.getRequestHandler();
  await app.prepare();
  let stopping = false;
  const server = http.createServer((req, res) => {
    if (stopping) res.setHeader('connection', 'close');
    void handle(req, res);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, hostname, () => {
    if (!cluster.isWorker || cluster.worker?.id === 1) console.log(`ready on http://${hostname}:${port} (${processes} web process(es))`);
  });
  // /readyz says 503 from now on, but the process keeps answering for DRAIN_MS: requests already on their
  // way (in the listen backlog, or about to be sent on a kept-alive connection) are answered, with
  // `Connection: close`, instead of reset, while the load balancer learns to send no more; a client that
  // keeps its connections open (every pooling HTTP client) has them closed after its next answer. Then it
  // stops listening, finishes what is in flight (up to SHUTDOWN_MS), closes the pool, and exits 0 (1 if
  // it had to give up). Once: a signal often comes twice (to the process group, and from a supervisor),
  // and a second server.close() calls back at once, which would exit mid-request.
  // tests/deploy/graceful-shutdown.test.ts sends SIGTERM under load.
  const stop = () => {
    if (stopping) return;
    stopping = true;
    markShuttingDown();
    setTimeout(() => {
      server.close(
        () =>
          void pool.end().then(
            () => {
              console.log(`web process ${process.pid} stopped: every request answered, pool closed`);
              process.exit(0);
            },
            (error: Error) => {
              console.error(`web process ${process.pid}: closing the pool failed: ${error.message}`);
              process.exit(1);
            },
          ),
      );
      server.closeIdleConnections();
    }, DRAIN_MS);
    setTimeout(() => {
      console.error(`web process ${process.pid}: requests still open ${(DRAIN_MS + SHUTDOWN_MS) / 1000} s after SIGTERM; exiting`);
      process.exit(1);
    }, DRAIN_MS + SHUTDOWN_MS).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/**
 * In the web image (Next's standalone output, Dockerfile) Next cannot load next.config.ts (the build tools
 * are not there): the build wrote the resolved configuration into .next, and Next takes it from this
 * variable, as the standalone server.js this server replaces there does.
 */
function loadBuiltConfig(): void {
  const built = '.next/required-server-files.json';
  // The standalone output is recognised by Next's own server.js beside it (it holds a traced next.config.ts too).
  if (!existsSync('server.js') || !existsSync(built) || process.env.__NEXT_PRIVATE_STANDALONE_CONFIG) return;
  const { config } = JSON.parse(readFileSync(built, 'utf8')) as { config: unknown };
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
}

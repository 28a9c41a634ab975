import cluster from 'node:cluster';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import next from 'next';
import { apiDispatcher } from './api-dispatch';
import { loadApiRoutes } from './api-routes';
import { requestHandler } from './handler';

/**
 * The production web server (`npm start`): API calls go straight to their route handlers, everything
 * else (pages, assets, next-auth's own routes) to Next, pages through the page gate (handler.ts). With WEB_CONCURRENCY above 1 it runs that many
 * worker processes sharing the port (Node cluster), one per core by default: one Node process can only
 * use one core. Nothing is shared in memory between requests that matters for correctness (sessions,
 * throttling and counters live in PostgreSQL), so workers are interchangeable. docs/architecture.md.
 */
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? '0.0.0.0';
const workers = Number(process.env.WEB_CONCURRENCY ?? os.availableParallelism());

if (cluster.isPrimary && workers > 1) superviseWorkers(workers);
else await serve();

function superviseWorkers(count: number): void {
  let stopping = false;
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`web worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), 5000).unref();
    cluster.on('exit', () => {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function serve(): Promise<void> {
  const app = next({ dev: false, hostname, port });
  const handleWithNext = app.getRequestHandler();
  const isNextAuthRoute = (segments: Awaited<ReturnType<typeof loadApiRoutes>>[number]['segments']) =>
    segments[1]?.kind === 'static' && segments[1].value === 'auth';
  const [routes] = await Promise.all([loadApiRoutes(path.join(process.cwd(), 'app'), isNextAuthRoute), app.prepare()]);
  const dispatchApi = apiDispatcher(routes, process.env.APP_URL ?? `http://localhost:${port}`);

  const server = http.createServer(requestHandler(dispatchApi, handleWithNext));
  server.keepAliveTimeout = 65_000;
  server.listen(port, hostname, () => {
    if (!cluster.isWorker || cluster.worker?.id === 1)
      console.log(`ready on http://${hostname}:${port} (${routes.length} API routes served directly)`);
  });
  // Finish requests in flight, drop idle keep-alive connections, and go.
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

import http from 'node:http';
import { metricsResponse } from './metrics-endpoint';

/**
 * The worker's own GET /metrics (WORKER_METRICS_PORT): the jobs and e-mails it ran live in its process,
 * so Prometheus scrapes it there, with the same token as the web's (metrics-endpoint.ts).
 */
export function serveMetrics(port: number, token: string | undefined, host = '0.0.0.0'): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const answer =
      req.method === 'GET' && req.url === '/metrics'
        ? metricsResponse(req.headers.authorization ?? null, token)
        : Promise.resolve(new Response('Not found.\n', { status: 404 }));
    void answer.then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(await response.text());
    });
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

import { createHash, timingSafeEqual } from 'node:crypto';
import { API_CSP } from '../http/security-headers';
import { metrics } from './metrics';

/**
 * GET /metrics, for the web (app/api/metrics/route.ts) and the worker (metrics-server.ts): the Prometheus
 * text, only for `Authorization: Bearer <METRICS_TOKEN>`. Without a configured token it answers 404, as if
 * there were nothing there. The load balancer does not pass /metrics on (deploy/nginx.conf): Prometheus
 * scrapes each process on the internal network.
 */
const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries the token (compared in constant time). */
export function carriesToken(authorization: string | null, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

const answer = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'cache-control': 'no-store', 'content-security-policy': API_CSP, ...headers } });

/** Refusals in the shape of every API refusal ({message, errors}, docs/api.md). */
const refusal = (message: string, status: number, headers: Record<string, string> = {}) =>
  answer(JSON.stringify({ message, errors: {} }), status, { 'content-type': 'application/json', ...headers });

export async function metricsResponse(
  authorization: string | null,
  token: string | undefined,
  text: () => Promise<string> = () => metrics().registry.metrics(),
): Promise<Response> {
  if (!token) return refusal('Not found.', 404);
  if (!carriesToken(authorization, token)) return refusal('A metrics token is required.', 401, { 'www-authenticate': 'Bearer' });
  return answer(await text(), 200, { 'content-type': metrics().registry.contentType });
}

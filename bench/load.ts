import autocannon from 'autocannon';
import { percentile } from './stats';

export type LoadResult = {
  name: string;
  path: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
};

/** The next request: its path and headers, and for a submission its method and body. */
export type NextRequest = () => { path: string; headers: Record<string, string>; method?: 'GET' | 'POST'; body?: string };

/**
 * Runs autocannon against `base`, each request made by `next` (a different user, tab, filter or page
 * each time), and keeps every response time, so p95 is exact.
 */
export async function load(
  name: string,
  base: string,
  next: NextRequest,
  { connections = Number(process.env.CONNS ?? 20), duration = 10, label = '' } = {},
): Promise<LoadResult> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration,
        requests: [
          {
            setupRequest: (request) => {
              const { path, headers, method, body } = next();
              return { ...request, path, headers: { ...request.headers, ...headers }, ...(method ? { method, body } : {}) };
            },
          },
        ],
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return {
    name,
    path: label,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export const round = (ms: number) => Math.round(ms * 10) / 10;

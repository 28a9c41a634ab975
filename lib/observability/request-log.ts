import { logger } from './logger';
import { REQUEST_ID_HEADER, requestIdOf, runInRequest, type RequestContext } from './request-context';
import { recordRequest } from './metrics';

type RouteContext = { params: Promise<Record<string, string | string[]>> };
type Handler = (req: Request, ctx?: RouteContext) => Promise<Response>;

/** A path segment as Next gives it to params; one that is not valid percent-encoding stays as it came. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The route pattern of a request (`/api/orders/[id]`), from its path and the params Next matched: what logs
 * and metrics group by, so one line per order does not become one series per order. Every route() handler
 * lives under app/api; a spec path rewritten there (lib/http/api-rewrites.ts) is named by its handler.
 */
export function routePatternOf(pathname: string, params: Record<string, string | string[]>): string {
  const segments = pathname.split('/').filter(Boolean).map(decodedSegment);
  if (segments[0] !== 'api') segments.unshift('api');
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      // A catch-all takes the path's last segments.
      segments.splice(segments.length - value.length, value.length, `[...${name}]`);
      continue;
    }
    const at = segments.lastIndexOf(value);
    if (at > 0) segments[at] = `[${name}]`;
  }
  return `/${segments.join('/')}`;
}

/**
 * Wraps a route handler (lib/http/route.ts does it for every API handler): runs it inside its request's
 * context, answers with the request id, then writes one log line (method, route pattern, status, duration,
 * user id, request id) and counts the request for /metrics.
 */
export function observed(handler: Handler): Handler {
  return async (req, ctx) => {
    const started = performance.now();
    const context: RequestContext = { requestId: requestIdOf(req.headers) };
    const response = await runInRequest(context, () => handler(req, ctx));
    const seconds = (performance.now() - started) / 1000;
    const route = routePatternOf(new URL(req.url).pathname, (ctx ? await ctx.params : undefined) ?? {});
    response.headers.set(REQUEST_ID_HEADER, context.requestId);
    recordRequest(req.method, route, response.status, seconds);
    logger.info(
      {
        component: 'web',
        method: req.method,
        route,
        status: response.status,
        durationMs: Math.round(seconds * 10_000) / 10,
        userId: context.userId ?? null,
        requestId: context.requestId,
      },
      'request',
    );
    return response;
  };
}

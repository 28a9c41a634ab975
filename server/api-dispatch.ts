import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiPathOf } from '../lib/http/api-rewrites';
import { matchRoute, type ApiRoute } from './api-routes';
import { sendFetchResponse, toFetchRequest } from './node-bridge';

/**
 * Serves API requests straight from the route handlers, without Next's page machinery in between:
 * the same handlers, found by the same rewrite rules. Answers false when the request is not for an
 * API handler (a page, an asset, a method the route does not export), so the caller hands it to Next.
 */
export function apiDispatcher(routes: ApiRoute[], origin: string) {
  return async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const pathname = (req.url ?? '/').split('?', 1)[0];
    const apiPath = apiPathOf(pathname, req.headers);
    if (!apiPath) return false;
    const match = matchRoute(routes, apiPath);
    const handler = match?.route.module[req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET')];
    if (!match || !handler) return false;
    try {
      const response = await handler(toFetchRequest(req, origin), { params: Promise.resolve(match.params) });
      await sendFetchResponse(response, res, req.method);
    } catch (error) {
      // Handlers map their own errors (lib/http/route.ts); this is the last line for anything else.
      console.error(`${req.method} ${pathname} failed`, error);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ message: 'Something went wrong.', errors: {} }));
      } else res.destroy();
    }
    return true;
  };
}

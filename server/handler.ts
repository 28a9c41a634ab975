import type { IncomingMessage, ServerResponse } from 'node:http';
import { appendCookie } from '../lib/http/cookies';
import { XSRF_COOKIE } from '../lib/http/csrf';
import { isGatedRequest, PAGE_GATED_HEADER, pageGate, xsrfSetCookie } from '../lib/http/page-gate';

type Handle = (req: IncomingMessage, res: ServerResponse) => Promise<unknown>;

/**
 * Every request of the production server: API calls straight to their handlers (api-dispatch.ts);
 * page requests through the page gate (lib/http/page-gate.ts), then to Next, marked as gated so
 * Next's proxy does not run the same gate again.
 */
export function requestHandler(dispatchApi: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>, handleWithNext: Handle) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (await dispatchApi(req, res)) return;
    const pathname = (req.url ?? '/').split('?', 1)[0];
    const requestedWith = req.headers['x-requested-with'];
    if (isGatedRequest(pathname, typeof requestedWith === 'string' ? requestedWith : null)) {
      const gate = pageGate({
        method: req.method ?? 'GET',
        pathname,
        accept: req.headers.accept ?? null,
        cookieHeader: req.headers.cookie ?? null,
      });
      if (gate.newXsrfToken) res.appendHeader('set-cookie', xsrfSetCookie(gate.newXsrfToken));
      if (gate.redirectToLogin) {
        res.writeHead(307, { location: '/login' }).end();
        return;
      }
      // The page rendered now must see the new token too, to put it in its forms.
      if (gate.newXsrfToken) req.headers.cookie = appendCookie(req.headers.cookie, XSRF_COOKIE, gate.newXsrfToken);
      req.headers[PAGE_GATED_HEADER] = '1';
    }
    await handleWithNext(req, res);
  };
}

import { NextResponse, type NextRequest } from 'next/server';
import { XSRF_COOKIE } from './lib/http/csrf';
import { PAGE_PATH_HEADER, pageGate, xsrfSetCookie } from './lib/http/page-gate';
import { HSTS_HEADER, newNonce, pageCsp } from './lib/http/security-headers';
import { OPERATIONS_PATHS } from './lib/http/api-rewrites';
import { env, isServedOverHttps } from './lib/env';

const development = env.NODE_ENV === 'development';

/**
 * The page gate of lib/http/page-gate.ts, for every page request (development and production alike),
 * and each page's Content-Security-Policy with its own nonce (lib/http/security-headers.ts): Next reads
 * the nonce from the request's CSP header and gives it to the scripts it renders.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // Health checks and Prometheus carry no session: no redirect to sign-in, no token (lib/http/api-rewrites.ts).
  if (OPERATIONS_PATHS.includes(pathname)) return NextResponse.next();
  const gate = pageGate({
    method: request.method,
    pathname,
    search,
    accept: request.headers.get('accept'),
    cookieHeader: request.headers.get('cookie'),
  });
  if (gate.redirectToLogin) {
    const response = NextResponse.redirect(new URL(gate.loginPath, request.url));
    if (gate.newXsrfToken) response.headers.append('set-cookie', xsrfSetCookie(gate.newXsrfToken));
    return secured(response);
  }
  // Also place a new token on the request, so the page rendered now can put it in its forms.
  if (gate.newXsrfToken) request.cookies.set(XSRF_COOKIE, gate.newXsrfToken);
  // The page's own address, for the portal layout when it finds the session gone (lib/auth/server.ts);
  // always set here, so a header sent by the browser never gets through.
  const headers = new Headers(request.headers);
  headers.set(PAGE_PATH_HEADER, `${pathname}${search}`);
  const csp = pageCsp(newNonce(), { development, https: isServedOverHttps });
  headers.set('content-security-policy', csp);
  const response = NextResponse.next({ request: { headers } });
  if (gate.newXsrfToken) response.headers.append('set-cookie', xsrfSetCookie(gate.newXsrfToken));
  return secured(response, csp);
}

function secured(response: NextResponse, csp?: string): NextResponse {
  if (csp) response.headers.set('content-security-policy', csp);
  if (isServedOverHttps) response.headers.set('strict-transport-security', HSTS_HEADER);
  return response;
}

// Page requests only: API calls (under /api, or sent as XHR) need neither a token nor a redirect.
export const config = {
  matcher: [
    {
      source: '/((?!api/|_next/static|_next/image|favicon.ico).*)',
      missing: [{ type: 'header', key: 'x-requested-with', value: 'XMLHttpRequest' }],
    },
  ],
};

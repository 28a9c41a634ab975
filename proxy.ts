import { NextResponse, type NextRequest } from 'next/server';
import { XSRF_COOKIE } from './lib/http/csrf';
import { PAGE_PATH_HEADER, pageGate, xsrfSetCookie } from './lib/http/page-gate';

/** The page gate of lib/http/page-gate.ts, for every page request (development and production alike). */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
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
    return response;
  }
  // Also place a new token on the request, so the page rendered now can put it in its forms.
  if (gate.newXsrfToken) request.cookies.set(XSRF_COOKIE, gate.newXsrfToken);
  // The page's own address, for the portal layout when it finds the session gone (lib/auth/server.ts);
  // always set here, so a header sent by the browser never gets through.
  const headers = new Headers(request.headers);
  headers.set(PAGE_PATH_HEADER, `${pathname}${search}`);
  const response = NextResponse.next({ request: { headers } });
  if (gate.newXsrfToken) response.headers.append('set-cookie', xsrfSetCookie(gate.newXsrfToken));
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

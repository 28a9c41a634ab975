import { NextResponse, type NextRequest } from 'next/server';
import { XSRF_COOKIE } from './lib/http/csrf';
import { pageGate, xsrfSetCookie } from './lib/http/page-gate';

/** The page gate of lib/http/page-gate.ts, for every page request (development and production alike). */
export function proxy(request: NextRequest) {
  const gate = pageGate({
    method: request.method,
    pathname: request.nextUrl.pathname,
    accept: request.headers.get('accept'),
    cookieHeader: request.headers.get('cookie'),
  });
  if (gate.redirectToLogin) {
    const response = NextResponse.redirect(new URL('/login', request.url));
    if (gate.newXsrfToken) response.headers.append('set-cookie', xsrfSetCookie(gate.newXsrfToken));
    return response;
  }
  if (!gate.newXsrfToken) return NextResponse.next();
  // Also place the new token on the request, so the page rendered now can put it in its forms.
  request.cookies.set(XSRF_COOKIE, gate.newXsrfToken);
  const response = NextResponse.next({ request: { headers: request.headers } });
  response.headers.append('set-cookie', xsrfSetCookie(gate.newXsrfToken));
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

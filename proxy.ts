import { NextResponse, type NextRequest } from 'next/server';
import { XSRF_COOKIE } from './lib/http/csrf';
import { pageGate, xsrfSetCookie } from './lib/http/page-gate';

/** The page gate of lib/http/page-gate.ts under `next dev`; the production server applies it itself. */
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

// Page requests only (see isGatedRequest), and none the production server has already gated
// (PAGE_GATED_HEADER; the matcher must be a literal, so the names are written out here).
export const config = {
  matcher: [
    {
      source: '/((?!api/|_next/static|_next/image|favicon.ico).*)',
      missing: [
        { type: 'header', key: 'x-requested-with', value: 'XMLHttpRequest' },
        { type: 'header', key: 'x-page-gated' },
      ],
    },
  ],
};

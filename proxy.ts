import { NextResponse, type NextRequest } from 'next/server';
import { newXsrfToken, XSRF_COOKIE } from './lib/http/csrf';
const PUBLIC_PAGES = ['/login', '/password/reset'];

/**
 * Convenience only, never the guard (route handlers and the portal layout check the session themselves):
 * hands every visitor an XSRF-TOKEN cookie, and sends anonymous page visits to the sign-in page.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const token = request.cookies.get(XSRF_COOKIE)?.value ?? null;
  const newToken = token ? null : newXsrfToken();

  // JSON callers that skip the XHR header still reach here; they get a 401 from the handler, not a redirect.
  const isApi = (request.headers.get('accept') ?? '').startsWith('application/json');
  const isPublic = PUBLIC_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
  const hasSession = request.cookies.getAll().some((c) => c.name.endsWith('next-auth.session-token'));

  let response: NextResponse;
  if (!isApi && !isPublic && !hasSession && request.method === 'GET') {
    response = NextResponse.redirect(new URL('/login', request.url));
  } else if (newToken) {
    // Also place the new token on the request, so the page rendered now can put it in its forms.
    request.cookies.set(XSRF_COOKIE, newToken);
    response = NextResponse.next({ request: { headers: request.headers } });
  } else {
    response = NextResponse.next();
  }
  if (newToken) response.cookies.set(XSRF_COOKIE, newToken, { path: '/', sameSite: 'lax', httpOnly: false });
  return response;
}

// Page requests only: API calls (under /api, or spec paths sent as XHR) need neither a new token nor a
// redirect, and skipping the proxy for them keeps it off the hot path of every list call.
export const config = {
  matcher: [
    {
      source: '/((?!api/|_next/static|_next/image|favicon.ico).*)',
      missing: [{ type: 'header', key: 'x-requested-with', value: 'XMLHttpRequest' }],
    },
  ],
};

import { readCookie } from './cookies';
import { newXsrfToken, XSRF_COOKIE } from './csrf';
import { signInPath } from './return-path';

/**
 * What happens to a page request before the page renders (proxy.ts applies it). Convenience only,
 * never the guard (route handlers and the portal layout check the session themselves): every visitor
 * gets an XSRF-TOKEN cookie for its forms, and an anonymous visit to a private page goes to sign-in,
 * which comes back to the address afterwards (a link to a document in an e-mail survives sign-in).
 */
// The integration API's reference is public, as its OpenAPI document is (a retailer's developer may have no account).
const PUBLIC_PAGES = ['/login', '/password/reset', '/unsubscribe', '/developers/api'];
// Either form of next-auth's session cookie (lib/auth/session.ts): its presence only, the page checks it.
const SESSION_COOKIES = ['next-auth.session-token', '__Secure-next-auth.session-token'];

export type PageGateInput = { method: string; pathname: string; search?: string; accept: string | null; cookieHeader: string | null };
export type PageGateDecision = {
  redirectToLogin: boolean;
  /** Where to send an anonymous visit: the sign-in page with the way back. */
  loginPath: string;
  newXsrfToken: string | null;
};

/** The request header the proxy gives every page request: its path and query, for the portal layout's own redirect to sign-in. */
export const PAGE_PATH_HEADER = 'x-portal-page';

export function pageGate({ method, pathname, search = '', accept, cookieHeader }: PageGateInput): PageGateDecision {
  const newToken = readCookie(cookieHeader, XSRF_COOKIE) ? null : newXsrfToken();
  // JSON callers that skip the XHR header still come here; they get a 401 from the handler, not a redirect.
  const isApi = (accept ?? '').startsWith('application/json');
  const isPublic = PUBLIC_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
  const hasSession = SESSION_COOKIES.some((name) => readCookie(cookieHeader, name));
  return {
    redirectToLogin: !isApi && !isPublic && !hasSession && method === 'GET',
    loginPath: signInPath({ next: `${pathname}${search}` }),
    newXsrfToken: newToken,
  };
}

/** The Set-Cookie value that hands out a new anti-forgery token (readable by the page's script). */
export function xsrfSetCookie(token: string): string {
  return `${XSRF_COOKIE}=${token}; Path=/; SameSite=Lax`;
}

import { readCookie } from './cookies';
import { newXsrfToken, XSRF_COOKIE } from './csrf';

/**
 * What happens to a page request before the page renders (proxy.ts applies it). Convenience only,
 * never the guard (route handlers and the portal layout check the session themselves): every visitor
 * gets an XSRF-TOKEN cookie for its forms, and an anonymous visit to a private page goes to sign-in.
 */
const PUBLIC_PAGES = ['/login', '/password/reset'];
// Either form of next-auth's session cookie (lib/auth/session.ts): its presence only, the page checks it.
const SESSION_COOKIES = ['next-auth.session-token', '__Secure-next-auth.session-token'];

export type PageGateInput = { method: string; pathname: string; accept: string | null; cookieHeader: string | null };
export type PageGateDecision = { redirectToLogin: boolean; newXsrfToken: string | null };

export function pageGate({ method, pathname, accept, cookieHeader }: PageGateInput): PageGateDecision {
  const newToken = readCookie(cookieHeader, XSRF_COOKIE) ? null : newXsrfToken();
  // JSON callers that skip the XHR header still come here; they get a 401 from the handler, not a redirect.
  const isApi = (accept ?? '').startsWith('application/json');
  const isPublic = PUBLIC_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
  const hasSession = SESSION_COOKIES.some((name) => readCookie(cookieHeader, name));
  return { redirectToLogin: !isApi && !isPublic && !hasSession && method === 'GET', newXsrfToken: newToken };
}

/** The Set-Cookie value that hands out a new anti-forgery token (readable by the page's script). */
export function xsrfSetCookie(token: string): string {
  return `${XSRF_COOKIE}=${token}; Path=/; SameSite=Lax`;
}

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readCookie } from './cookies';

/**
 * Double-submit anti-forgery token (spec §7): pages set the XSRF-TOKEN cookie; a state-changing
 * request must echo it in X-XSRF-TOKEN (or, for plain HTML form posts, in a `_token` field).
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const CSRF_MISMATCH = 'CSRF token mismatch. Reload the page and try again.';

export function newXsrfToken(): string {
  return randomBytes(24).toString('base64url');
}

export function isStateChanging(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

export function tokensMatch(cookieToken: string | undefined, sentToken: string | null | undefined): boolean {
  if (!cookieToken || !sentToken) return false;
  const a = Buffer.from(cookieToken);
  const b = Buffer.from(sentToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function xsrfCookieOf(req: Request): string | undefined {
  return readCookie(req.headers.get('cookie'), XSRF_COOKIE);
}

/**
 * Where to go back after signing in: the path and query the user was on when the session ended or
 * when an anonymous visit was sent to sign in. It travels as `next` in the address (`/login?next=…`),
 * so it is text anyone can write: only a path of this site is accepted, never another host, a
 * protocol-relative `//host` (also not one that dot segments make) or a scheme, and never the sign-in
 * page itself.
 */

export const RETURN_PARAM = 'next';
const MAX_LENGTH = 2000;
const BASE = 'http://portal.invalid';
// Next's own client navigation marker: never part of an address a person would return to.
const INTERNAL_PARAMS = ['_rsc'];

/** The path and query of `next` when it is a safe place on this site, else null. */
export function safeReturnPath(next: string | null | undefined): string | null {
  if (typeof next !== 'string' || next.length === 0 || next.length > MAX_LENGTH) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  // Control characters (a tab or newline inside '/\t/host') could be dropped by a browser and form '//host'.
  if (/[\u0000-\u001f\u007f]/.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  // Dot segments can leave two leading slashes ('/..//evil.example' is '//evil.example'), which a
  // browser reads as another host: a path of this site starts with exactly one.
  url.pathname = url.pathname.replace(/^\/+/, '/');
  if (url.pathname === '/login' || url.pathname.startsWith('/login/') || url.pathname.startsWith('/api/')) return null;
  for (const name of INTERNAL_PARAMS) url.searchParams.delete(name);
  return `${url.pathname}${url.search}`;
}

/** `/login?…`: the sign-in page with an optional message code and the place to come back to. */
export function signInPath({ error, next }: { error?: string; next?: string | null }): string {
  const params = new URLSearchParams();
  if (error) params.set('error', error);
  const back = safeReturnPath(next);
  // The start screen is where sign-in goes anyway; no need to carry it.
  if (back && back !== '/') params.set(RETURN_PARAM, back);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}

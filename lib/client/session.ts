import { signInPath } from '@/lib/http/return-path';

/**
 * What the browser does when the session is gone (an API call answered 401, or the 8-hour session ran
 * out): it goes to sign-in with a short message, carrying the address it was on (tab, page, filters,
 * sort and open document all live there), so signing in brings the user back to the same place.
 */

export const SESSION_EXPIRED = 'session_expired';

/** The sign-in address that comes back to `location` afterwards. */
export function signInAgainPath(location: { pathname: string; search: string } = window.location): string {
  return signInPath({ error: SESSION_EXPIRED, next: `${location.pathname}${location.search}` });
}

type Leave = (path: string) => void;
const navigate: Leave = (path) => window.location.assign(path);
let leave: Leave = navigate;
let leaving = false;

/** Sends the browser to sign in, once however many calls fail together. */
export function leaveForSignIn(): void {
  if (leaving) return;
  leaving = true;
  leave(signInAgainPath());
}

/** Tests replace the navigation (jsdom cannot navigate); pass nothing to restore it. */
export function setLeaveForSignIn(replacement?: Leave): void {
  leave = replacement ?? navigate;
  leaving = false;
}

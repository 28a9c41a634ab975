import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { loadActor, type Actor } from './actor';
import { SESSION_COOKIE, sessionFromToken } from './session';
import { XSRF_COOKIE } from '../http/csrf';
import { PAGE_PATH_HEADER } from '../http/page-gate';
import { signInPath } from '../http/return-path';

/** The session cookie's user and expiry, once per request. */
export const currentSession = cache(async () => sessionFromToken((await cookies()).get(SESSION_COOKIE)?.value));

/** How long the session has left (ms), for the page's warning before it ends; null without one. */
export async function sessionTimeLeft(): Promise<number | null> {
  const session = await currentSession();
  return session ? session.expiresAt - Date.now() : null;
}

// Once per request: the layout and the page both ask, the database is read once.
export const currentActor = cache(async (): Promise<Actor | null> => {
  const session = await currentSession();
  return session ? loadActor(session.userId, session.sessionVersion) : null;
});

/**
 * The actor for a server-rendered page. Without one the user goes to sign in and comes back to this
 * page's address afterwards (the proxy passes it along); a cookie that no longer works (expired, user
 * deactivated) gets the "session has ended" message, a visit with no cookie at all none.
 */
export async function requireActor(): Promise<Actor> {
  const actor = await currentActor();
  if (actor) return actor;
  const hadSession = (await cookies()).has(SESSION_COOKIE);
  const next = (await headers()).get(PAGE_PATH_HEADER);
  redirect(signInPath({ error: hadSession ? 'session_expired' : undefined, next }));
}

/** The anti-forgery token the proxy placed on this request, for plain HTML forms' `_token` field. */
export async function xsrfToken(): Promise<string> {
  return (await cookies()).get(XSRF_COOKIE)?.value ?? '';
}

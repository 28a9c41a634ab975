import { cache } from 'react';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { loadActor, type Actor } from './actor';
import { SESSION_COOKIE, userIdFromSessionToken } from './session';
import { XSRF_COOKIE } from '../http/csrf';

// Once per request: the layout and the page both ask, the database is read once.
export const currentActor = cache(async (): Promise<Actor | null> => {
  const store = await cookies();
  const userId = await userIdFromSessionToken(store.get(SESSION_COOKIE)?.value);
  return userId ? loadActor(userId) : null;
});

/** The actor for a server-rendered page; anonymous or deactivated users are sent to sign in. */
export async function requireActor(): Promise<Actor> {
  const actor = await currentActor();
  if (!actor) redirect('/login');
  return actor;
}

/** The anti-forgery token the proxy placed on this request, for plain HTML forms' `_token` field. */
export async function xsrfToken(): Promise<string> {
  return (await cookies()).get(XSRF_COOKIE)?.value ?? '';
}

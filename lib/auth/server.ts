import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { loadActor, type Actor } from './actor';
import { SESSION_COOKIE, userIdFromSessionToken } from './session';
import { XSRF_COOKIE } from '../http/csrf';

/** The actor for a server-rendered page; anonymous or deactivated users are sent to sign in. */
export async function requireActor(): Promise<Actor> {
  const store = await cookies();
  const userId = await userIdFromSessionToken(store.get(SESSION_COOKIE)?.value);
  const actor = userId ? await loadActor(userId) : null;
  if (!actor) redirect('/login');
  return actor;
}

/** The anti-forgery token the proxy placed on this request, for plain HTML forms' `_token` field. */
export async function xsrfToken(): Promise<string> {
  return (await cookies()).get(XSRF_COOKIE)?.value ?? '';
}

import { decode, encode } from 'next-auth/jwt';
import { env } from '../env';
import { loadActor, type Actor } from './actor';
import { readCookie } from '../http/cookies';

/** Sessions are next-auth JWTs in a cookie; the secure prefix is used whenever the app is served over https. */
const isSecure = env.APP_URL.startsWith('https://');
export const SESSION_COOKIE = `${isSecure ? '__Secure-' : ''}next-auth.session-token`;
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

export function sessionCookieOptions(maxAge = SESSION_MAX_AGE_SECONDS) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: isSecure, maxAge };
}

export async function encodeSession(user: { id: number; name: string; email: string }): Promise<string> {
  return encode({
    token: { sub: String(user.id), name: user.name, email: user.email },
    secret: env.NEXTAUTH_SECRET,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

/** The user id a session cookie value stands for, or null when it is missing, forged or expired. */
export async function userIdFromSessionToken(token: string | undefined): Promise<number | null> {
  if (!token) return null;
  try {
    const payload = await decode({ token, secret: env.NEXTAUTH_SECRET });
    const id = Number(payload?.sub);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** The actor behind a request's session cookie; null for anonymous, deactivated or deleted users. */
export async function actorFromRequest(req: Request): Promise<Actor | null> {
  const userId = await userIdFromSessionToken(readCookie(req.headers.get('cookie'), SESSION_COOKIE));
  return userId ? loadActor(userId) : null;
}

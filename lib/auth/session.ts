import { decode, encode } from 'next-auth/jwt';
import { env, isServedOverHttps } from '../env';
import { loadActor, type Actor } from './actor';
import { readCookie } from '../http/cookies';

/** Sessions are next-auth JWTs in a cookie; the secure prefix is used whenever the app is served over https. */
export const SESSION_COOKIE = `${isServedOverHttps ? '__Secure-' : ''}next-auth.session-token`;
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

export function sessionCookieOptions(maxAge = SESSION_MAX_AGE_SECONDS) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: isServedOverHttps, maxAge };
}

/** What a session names: the user, and the user's session version when it began (see loadActor). */
export type Session = { userId: number; sessionVersion: number; expiresAt: number };

/**
 * A new session's token. `st` is when the session began: a session lasts SESSION_MAX_AGE_SECONDS from
 * then, whatever later `exp` a re-issued token carries (next-auth's session endpoint re-encodes the token
 * with a fresh expiry at each call), so something that keeps polling cannot keep a session alive.
 */
export async function encodeSession(
  user: { id: number; name: string; email: string; sessionVersion: number },
  startedAt = Math.floor(Date.now() / 1000),
): Promise<string> {
  return encode({
    token: { sub: String(user.id), name: user.name, email: user.email, sv: user.sessionVersion, st: startedAt },
    secret: env.NEXTAUTH_SECRET,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

/*
 * Decrypting a session token (key derivation plus AES-GCM) costs more than the rest of an API call's
 * session check, and a browser sends the same token with every request. The outcome for an exact
 * token string never changes except by expiry, so recent outcomes are remembered with the token's own
 * expiry; a forged or altered token is a different string and is decrypted (and refused) afresh.
 * Whether the user is still active, and whether the session was ended since (sign-out, a new password,
 * deactivation, a role change), is not remembered: loadActor checks both on every request.
 */
const DECODED_TOKENS_KEPT = 10_000;
type Decoded = { userId: number | null; sessionVersion: number; expiresAt: number };
const decodedTokens = new Map<string, Decoded>();

/** The user id a session cookie value stands for, or null when it is missing, forged or expired. */
export async function userIdFromSessionToken(token: string | undefined): Promise<number | null> {
  return (await sessionFromToken(token))?.userId ?? null;
}

/** The user and the moment (ms since the epoch) the session ends; null when missing, forged or expired. */
export async function sessionFromToken(token: string | undefined): Promise<Session | null> {
  if (!token) return null;
  let decoded = decodedTokens.get(token);
  if (!decoded || decoded.expiresAt <= Date.now()) {
    decoded = await decodeSessionToken(token);
    if (decodedTokens.size >= DECODED_TOKENS_KEPT) decodedTokens.delete(decodedTokens.keys().next().value!);
    decodedTokens.set(token, decoded);
  }
  return decoded.userId === null ? null : { userId: decoded.userId, sessionVersion: decoded.sessionVersion, expiresAt: decoded.expiresAt };
}

async function decodeSessionToken(token: string): Promise<Decoded> {
  // Not a token of ours (or expired): remember the refusal briefly, so a flood of one bad token stays cheap.
  const refused = { userId: null, sessionVersion: 0, expiresAt: Date.now() + 60_000 };
  try {
    const payload = await decode({ token, secret: env.NEXTAUTH_SECRET });
    const id = Number(payload?.sub);
    const version = payload?.sv;
    const started = payload?.st;
    const valid =
      Number.isInteger(id) && id > 0 && typeof payload?.exp === 'number' && Number.isInteger(version) && Number.isInteger(started);
    if (!valid) return refused;
    // The earlier of the token's own expiry and the session's absolute end (see encodeSession).
    const expiresAt = Math.min(payload!.exp as number, (started as number) + SESSION_MAX_AGE_SECONDS) * 1000;
    return expiresAt > Date.now() ? { userId: id, sessionVersion: version as number, expiresAt } : refused;
  } catch {
    return refused;
  }
}

/** The actor behind a request's session cookie; null for anonymous, deactivated or deleted users. */
export async function actorFromRequest(req: Request): Promise<Actor | null> {
  const session = await sessionFromToken(readCookie(req.headers.get('cookie'), SESSION_COOKIE));
  return session ? loadActor(session.userId, session.sessionVersion) : null;
}

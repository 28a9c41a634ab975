import NextAuth from 'next-auth';
import { decode } from 'next-auth/jwt';
import { pool } from '@/db/client';
import { GET as nextAuthGet } from '@/app/api/auth/[...nextauth]/route';
import { authOptions } from '@/lib/auth/options';
import { encodeSession, SESSION_COOKIE, SESSION_MAX_AGE_SECONDS, sessionFromToken } from '@/lib/auth/session';
import { env } from '@/lib/env';
import { userByEmail } from '../support/actors';

/*
 * A session lasts SESSION_MAX_AGE_SECONDS from when it began. next-auth's session endpoint answers each
 * call with the token re-issued under a fresh expiry, so a tab that polled it would never be signed out:
 * the portal does not serve that endpoint, and reads a session's end from when it began, not from `exp`.
 */

afterAll(async () => {
  await pool.end();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The token next-auth's own session endpoint would send back for `token` (its handler, as Next's pages API calls it). */
async function reissuedByNextAuth(token: string): Promise<string> {
  const headers: Record<string, string | string[]> = {};
  const res = {
    status: () => res,
    setHeader: (name: string, value: string | string[]) => void (headers[name.toLowerCase()] = value),
    getHeader: (name: string) => headers[name.toLowerCase()],
    send: () => undefined,
    end: () => undefined,
    json: () => undefined,
  };
  process.env.NEXTAUTH_URL ??= env.APP_URL; // else next-auth warns that it guessed the address
  const req = {
    method: 'GET',
    query: { nextauth: ['session'] },
    cookies: { [SESSION_COOKIE]: token },
    headers: { host: 'localhost:3000' },
    body: {},
  };
  await (NextAuth as unknown as (req: unknown, res: unknown, options: unknown) => Promise<void>)(req, res, authOptions);
  const cookies = ([] as string[]).concat(headers['set-cookie'] ?? []);
  const reissued = cookies
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
    ?.split(';')[0]
    .slice(SESSION_COOKIE.length + 1);
  if (!reissued) throw new Error(`next-auth re-issued no session cookie: ${cookies.join(' | ')}`);
  return reissued;
}

describe('session lifetime', () => {
  it('does not serve next-auth’s session endpoint, which would re-issue the cookie with a fresh lifetime', async () => {
    const user = await userByEmail('supplier@portal.test');
    const cookie = `${SESSION_COOKIE}=${await encodeSession(user)}`;
    for (const method of ['GET', 'POST']) {
      const request = new Request('http://localhost:3000/api/auth/session', { method, headers: { cookie } });
      const response = await nextAuthGet(request, { params: Promise.resolve({ nextauth: ['session'] }) });
      expect(response.status).toBe(404);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('ends a session 8 hours after it began, also when its token was re-issued with a later expiry', async () => {
    const user = await userByEmail('supplier@portal.test');
    const began = nowSeconds() - SESSION_MAX_AGE_SECONDS + 60;
    const token = await encodeSession(user, began);
    const session = await sessionFromToken(token);
    expect(session?.userId).toBe(user.id);
    expect(session!.expiresAt).toBe((began + SESSION_MAX_AGE_SECONDS) * 1000);

    // next-auth re-issues it with 8 more hours; the session still ends when it was going to.
    const reissued = await reissuedByNextAuth(token);
    const payload = await decode({ token: reissued, secret: env.NEXTAUTH_SECRET });
    expect(payload!.exp).toBeGreaterThan(nowSeconds() + SESSION_MAX_AGE_SECONDS - 60);
    expect((await sessionFromToken(reissued))!.expiresAt).toBe((began + SESSION_MAX_AGE_SECONDS) * 1000);

    // A session begun more than 8 hours ago is over, whatever `exp` its token carries.
    const over = await encodeSession(user, nowSeconds() - SESSION_MAX_AGE_SECONDS - 60);
    expect(await sessionFromToken(over)).toBeNull();
    expect(await sessionFromToken(await reissuedByNextAuth(over))).toBeNull();
  });
});

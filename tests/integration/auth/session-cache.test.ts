import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { db, pool } from '@/db/client';
import { users } from '@/db/schema';
import { env } from '@/lib/env';
import { actorFromRequest, encodeSession, SESSION_COOKIE, userIdFromSessionToken } from '@/lib/auth/session';
import { atClock } from '../../support/clock';
import { userByEmail } from '../support/actors';

/*
 * userIdFromSessionToken remembers the outcome of decoding each exact token string (lib/auth/session.ts).
 * These tests hold it to what it promised: the remembered answer is the decoded one, a token that differs
 * in any way is decoded (and refused) on its own, and remembering never outlives the token.
 */

const SUPPLIER = 'supplier@portal.test';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const tempUsers: number[] = [];

afterAll(async () => {
  for (const id of tempUsers) await db.delete(users).where(eq(users.id, id));
  await pool.end();
});

/** The same token with one character of its ciphertext changed (a JWE is header..iv.ciphertext.tag). */
function altered(token: string): string {
  const parts = token.split('.');
  expect(parts).toHaveLength(5);
  const ciphertext = parts[3];
  const i = Math.floor(ciphertext.length / 2);
  parts[3] = ciphertext.slice(0, i) + (ciphertext[i] === 'A' ? 'B' : 'A') + ciphertext.slice(i + 1);
  const result = parts.join('.');
  expect(result).not.toBe(token);
  expect(result).toHaveLength(token.length);
  return result;
}

describe('userIdFromSessionToken', () => {
  it('decodes a valid session token to its user id, and gives the same answer again', async () => {
    const user = await userByEmail(SUPPLIER);
    const token = await encodeSession(user);
    expect(await userIdFromSessionToken(token)).toBe(user.id);
    expect(await userIdFromSessionToken(token)).toBe(user.id);
  });

  it('answers a token it has seen from memory, and decodes one it has not', async () => {
    const user = await userByEmail(SUPPLIER);
    const seen = await encodeSession(user);
    const unseen = await encodeSession(user);
    expect(seen).not.toBe(unseen);
    expect(await userIdFromSessionToken(seen)).toBe(user.id);

    // With the secret changed, only a remembered outcome can still name the user.
    const secret = env.NEXTAUTH_SECRET;
    env.NEXTAUTH_SECRET = `rotated-${randomBytes(12).toString('hex')}`;
    try {
      expect(await userIdFromSessionToken(seen)).toBe(user.id);
      expect(await userIdFromSessionToken(unseen)).toBeNull();
    } finally {
      env.NEXTAUTH_SECRET = secret;
    }
    // The refusal of `unseen` is remembered briefly too (refusals are kept for 60 s).
    expect(await userIdFromSessionToken(unseen)).toBeNull();
  });

  it('keeps each token to its own user', async () => {
    const supplier = await userByEmail(SUPPLIER);
    const admin = await userByEmail('admin@portal.test');
    const a = await encodeSession(supplier);
    const b = await encodeSession(admin);
    expect(await userIdFromSessionToken(a)).toBe(supplier.id);
    expect(await userIdFromSessionToken(b)).toBe(admin.id);
    expect(await userIdFromSessionToken(a)).toBe(supplier.id);
    expect(await userIdFromSessionToken(b)).toBe(admin.id);
  });

  it('refuses a token with one character changed, even after the original was remembered', async () => {
    const user = await userByEmail(SUPPLIER);
    const token = await encodeSession(user);
    expect(await userIdFromSessionToken(token)).toBe(user.id);
    const forged = altered(token);
    expect(await userIdFromSessionToken(forged)).toBeNull();
    expect(await userIdFromSessionToken(forged)).toBeNull();
    // The original is unaffected.
    expect(await userIdFromSessionToken(token)).toBe(user.id);
  });

  it('refuses a token made with another secret', async () => {
    const user = await userByEmail(SUPPLIER);
    const token = await encode({
      token: { sub: String(user.id), name: user.name, email: user.email, sv: user.sessionVersion, st: nowSeconds() },
      secret: 'another-secret-0123456789abcdef',
      maxAge: 3600,
    });
    expect(await userIdFromSessionToken(token)).toBeNull();
    expect(await userIdFromSessionToken(token)).toBeNull();
  });

  it('refuses an expired token', async () => {
    const user = await userByEmail(SUPPLIER);
    // next-auth's decode allows 15 s of clock skew, so this one is well past it.
    const token = await encode({
      token: { sub: String(user.id), name: user.name, email: user.email, sv: user.sessionVersion, st: nowSeconds() },
      secret: env.NEXTAUTH_SECRET,
      maxAge: -60,
    });
    expect(await userIdFromSessionToken(token)).toBeNull();
    expect(await userIdFromSessionToken(token)).toBeNull();
  });

  it('stops answering from memory once the token has expired', async () => {
    const user = await userByEmail(SUPPLIER);
    const token = await encode({
      token: { sub: String(user.id), sv: user.sessionVersion, st: nowSeconds() },
      secret: env.NEXTAUTH_SECRET,
      maxAge: 3600,
    });
    expect(await userIdFromSessionToken(token)).toBe(user.id);
    // Only the clock moves on (timers stay real, so the database client keeps working).
    await atClock(Date.now() + 3600 * 1000 + 60_000, async () => {
      // Remembered until the token's exp only; after it, the token is decoded afresh and refused.
      expect(await userIdFromSessionToken(token)).toBeNull();
    });
  });

  it('refuses tokens of ours that name no usable user id', async () => {
    const secret = env.NEXTAUTH_SECRET;
    const tokens = [{ name: 'No Sub' }, { sub: 'abc' }, { sub: '0' }, { sub: '-3' }, { sub: '1.5' }].map((t) => ({
      ...t,
      sv: 0,
      st: nowSeconds(),
    }));
    // A token without the session version it began with (made before versions existed) names nobody either.
    tokens.push({ sub: '1' } as never, { sub: '1', sv: 'x' } as never);
    for (const token of tokens) {
      expect(await userIdFromSessionToken(await encode({ token, secret, maxAge: 3600 }))).toBeNull();
    }
  });

  it('refuses a missing, empty or malformed token', async () => {
    expect(await userIdFromSessionToken(undefined)).toBeNull();
    expect(await userIdFromSessionToken('')).toBeNull();
    expect(await userIdFromSessionToken('forged')).toBeNull();
    expect(await userIdFromSessionToken('a.b.c.d.e')).toBeNull();
  });
});

describe('actorFromRequest', () => {
  it('checks the user on every request although the token is remembered', async () => {
    const email = `session.cache.${randomBytes(4).toString('hex')}@portal.test`;
    const [created] = await db
      .insert(users)
      .values({ name: 'Session Cache', email, passwordHash: 'x', roleId: 4 })
      .returning({ id: users.id, name: users.name, email: users.email, sessionVersion: users.sessionVersion });
    tempUsers.push(created.id);
    const token = await encodeSession(created);
    const request = () => new Request('http://localhost/x', { headers: { cookie: `${SESSION_COOKIE}=${token}` } });

    expect((await actorFromRequest(request()))?.userId).toBe(created.id);
    expect((await actorFromRequest(request()))?.userId).toBe(created.id);
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, created.id));
    expect(await actorFromRequest(request())).toBeNull();
    // The token itself still decodes: it is the user check that refuses.
    expect(await userIdFromSessionToken(token)).toBe(created.id);
  });

  it('is anonymous without the cookie or with a forged one', async () => {
    expect(await actorFromRequest(new Request('http://localhost/x'))).toBeNull();
    expect(await actorFromRequest(new Request('http://localhost/x', { headers: { cookie: `${SESSION_COOKIE}=forged` } }))).toBeNull();
  });
});

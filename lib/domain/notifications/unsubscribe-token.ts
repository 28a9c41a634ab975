import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { env } from '../../env';
import { EMAIL_PREFERENCE_CODES } from '../preferences/codes';

/** How long an unsubscribe link in a notification works. */
export const UNSUBSCRIBE_TOKEN_DAYS = 90;

const claimsSchema = z.object({
  u: z.number().int().positive(),
  c: z.array(z.string().refine((code) => EMAIL_PREFERENCE_CODES.includes(code))).min(1),
  e: z.number().int(),
});
export type UnsubscribeClaims = { userId: number; codes: string[] };

// A purpose in the MAC keeps this token from being taken for any other value signed with the same secret.
const mac = (body: string) => createHmac('sha256', env.NEXTAUTH_SECRET).update(`unsubscribe:${body}`).digest('base64url');

/** A signed, expiring token naming a user and the codes one e-mail carried (RFC 8058 one-click unsubscribe). */
export function signUnsubscribeToken(userId: number, codes: readonly string[], now = Date.now()): string {
  const expires = Math.floor(now / 1000) + UNSUBSCRIBE_TOKEN_DAYS * 86_400;
  const body = Buffer.from(JSON.stringify({ u: userId, c: codes, e: expires })).toString('base64url');
  return `${body}.${mac(body)}`;
}

/** The token's user and codes; null when it was altered, is not one of ours, or has expired. */
export function verifyUnsubscribeToken(token: string | null | undefined, now = Date.now()): UnsubscribeClaims | null {
  const [body, signature, extra] = (token ?? '').split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = claimsSchema.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return claims.e * 1000 > now ? { userId: claims.u, codes: claims.c } : null;
  } catch {
    return null;
  }
}

export const unsubscribeUrl = (userId: number, codes: readonly string[]) =>
  new URL(`/unsubscribe?token=${signUnsubscribeToken(userId, codes)}`, env.APP_URL).toString();

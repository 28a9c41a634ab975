import { eq, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { emailPreferences, users } from '../../../db/schema';
import { emailPreferenceLabel } from '../../vocabulary';
import { verifyUnsubscribeToken } from './unsubscribe-token';

export const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid: it may have been altered or have expired. Nothing was changed.';

export type UnsubscribeView = { email: string; codes: string[]; labels: string[] } | null;

/** What a token would turn off, for the page (GET never changes anything); null for a bad, expired or orphaned token. */
export async function describeUnsubscribe(token: string | null | undefined): Promise<UnsubscribeView> {
  const claims = verifyUnsubscribeToken(token);
  if (!claims) return null;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, claims.userId));
  if (!user) return null;
  return { email: user.email, codes: claims.codes, labels: claims.codes.map(emailPreferenceLabel) };
}

/** POST /unsubscribe: turns the token's codes off for its user, without a session (the token is the proof). */
export async function unsubscribe(token: string | null | undefined): Promise<UnsubscribeView> {
  const view = await describeUnsubscribe(token);
  const claims = verifyUnsubscribeToken(token);
  if (!view || !claims) return null;
  await db
    .insert(emailPreferences)
    .values(claims.codes.map((code) => ({ userId: claims.userId, code, disabled: true })))
    .onConflictDoUpdate({ target: [emailPreferences.userId, emailPreferences.code], set: { disabled: true, updatedAt: sql`now()` } });
  return view;
}

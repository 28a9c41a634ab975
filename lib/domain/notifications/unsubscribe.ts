import { eq, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { emailPreferences, users } from '../../../db/schema';
import { verifyUnsubscribeToken } from './unsubscribe-token';

/** Each code as the unsubscribe page and the digest name it. */
export const CODE_LABELS: Record<string, string> = {
  'new-order': 'new orders',
  'new-return-order': 'new return orders',
  'order-reminder': 'reminders of unanswered orders',
  'new-deliverynote': 'new delivery notes',
  'new-remittance': 'new remittance advices',
  'new-dispute': 'new disputes',
  'change-decided': 'decided item, pricing and master-data changes',
  'change-waiting': 'item, pricing and master-data changes awaiting approval',
  'bbbee-expiry': 'B-BBEE certificate expiry',
};

export const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid: it may have been altered or have expired. Nothing was changed.';

export type UnsubscribeView = { email: string; codes: string[]; labels: string[] } | null;

/** What a token would turn off, for the page (GET never changes anything); null for a bad, expired or orphaned token. */
export async function describeUnsubscribe(token: string | null | undefined): Promise<UnsubscribeView> {
  const claims = verifyUnsubscribeToken(token);
  if (!claims) return null;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, claims.userId));
  if (!user) return null;
  return { email: user.email, codes: claims.codes, labels: claims.codes.map((c) => CODE_LABELS[c] ?? c) };
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

import bcrypt from 'bcryptjs';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db, type DbOrTx } from '../../../db/client';
import { passwordResets, users } from '../../../db/schema';
import { recordActivity } from '../audit/record';
import { env } from '../../env';
import { enqueueInOutbox } from '../../../jobs/enqueue';
import { nudgeOutbox } from '../../../jobs/outbox-relay';
import { RuleViolationError } from '../errors';
import { clearFailures } from './throttle';
import { nextSessionVersion } from './end-sessions';
import { mayRequestReset } from './reset-throttle';

export const RESET_LINK_MINUTES = 60;
export const RESET_SENT_MESSAGE = 'We have sent you an email to reset your password';
export const RESET_INVALID_MESSAGE = 'This password reset link is invalid or has expired.';

export const resetRequestSchema = z.object({
  email: z.string().trim().min(1, 'Please enter your e-mail address.').toLowerCase().email('Please enter a valid e-mail address.'),
});

export const newPasswordSchema = z
  .object({
    token: z.string().min(20, RESET_INVALID_MESSAGE).max(200),
    password: z.string().min(8, 'The password must be at least 8 characters.').max(200),
    password_confirmation: z.string(),
  })
  .refine((v) => v.password === v.password_confirmation, { message: 'The passwords do not match.', path: ['password_confirmation'] });

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Writes a single-use link that sets the user's password, valid for `minutes`, and answers its address.
 * Password resets and invitations (lib/domain/users/invite-user.ts) both use it; resetPassword() below
 * claims either kind exactly once.
 */
export async function issuePasswordLink(tx: DbOrTx, userId: number, minutes: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(passwordResets).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + minutes * 60_000) });
  return `${env.APP_URL}/password/reset/${token}`;
}

/** Ends the user's outstanding links (a resent invitation replaces the one before it). */
export async function revokePasswordLinks(tx: DbOrTx, userId: number): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/**
 * Writes a single-use reset link and its e-mail in one transaction. Unknown and deactivated addresses
 * get the same answer, so the form cannot be used to find out who has an account; so do requests past
 * the limit of reset e-mails per address and per client address (reset-throttle.ts), which send none.
 */
export async function requestPasswordReset(input: z.infer<typeof resetRequestSchema>, ip: string): Promise<{ message: string }> {
  const { email } = resetRequestSchema.parse(input);
  const sent = await db.transaction(async (tx) => {
    if (!(await mayRequestReset(tx, email, ip))) return false;
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deletedAt)))
      .limit(1);
    if (!user) return false;
    const resetUrl = await issuePasswordLink(tx, user.id, RESET_LINK_MINUTES);
    await enqueueInOutbox(tx, 'send-email', {
      to: user.email,
      template: 'password-reset',
      data: { name: user.name, resetUrl, expiresMinutes: RESET_LINK_MINUTES },
    });
    await recordActivity(tx, { userId: user.id, email: user.email }, 'password-reset-requested', { ip });
    return true;
  });
  if (sent) nudgeOutbox();
  return { message: RESET_SENT_MESSAGE };
}

/** Sets a new password from a reset link; the link works once and only within its 60 minutes. */
export async function resetPassword(input: z.infer<typeof newPasswordSchema>): Promise<{ message: string; email: string }> {
  const { token, password } = newPasswordSchema.parse(input);
  const hash = await bcrypt.hash(password, 10);
  return db.transaction(async (tx) => {
    // The update claims the link atomically: a second use finds used_at set and matches nothing.
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw new RuleViolationError(RESET_INVALID_MESSAGE, { token: [RESET_INVALID_MESSAGE] });
    const [user] = await tx
      .update(users)
      // A new password ends every session begun with the old one (lib/domain/auth/end-sessions.ts).
      .set({ passwordHash: hash, updatedAt: sql`now()`, sessionVersion: nextSessionVersion })
      .where(and(eq(users.id, claimed.userId), isNull(users.deletedAt)))
      .returning({ id: users.id, email: users.email });
    if (!user) throw new RuleViolationError(RESET_INVALID_MESSAGE, { token: [RESET_INVALID_MESSAGE] });
    // Any other outstanding links for this user stop working too.
    await revokePasswordLinks(tx, user.id);
    await recordActivity(tx, { userId: user.id, email: user.email }, 'password-reset');
    await clearFailures(user.email, tx);
    return { message: 'Your password has been reset. You can sign in now.', email: user.email };
  });
}

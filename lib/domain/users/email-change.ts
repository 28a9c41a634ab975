import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db, type DbOrTx, type Tx } from '../../../db/client';
import { emailChanges, users } from '../../../db/schema';
import { enqueueInOutbox } from '../../../jobs/enqueue';
import { nudgeOutbox } from '../../../jobs/outbox-relay';
import type { Actor } from '../../auth/actor';
import { roleCan } from '../../auth/permissions';
import { env } from '../../env';
import { nextSessionVersion } from '../auth/end-sessions';
import { RuleViolationError } from '../errors';
import { countEmailChange } from '../request-limits';
import { assertEmailFree } from './invite-user';
import { recordUserChange } from './record-user-change';

/*
 * A user's e-mail address is its sign-in and where its password resets go, so an administrator who could
 * re-address a peer administrator could take the account with a reset (issue 29). A peer administrator's
 * new address is therefore only stored as pending: a single-use link (EMAIL_CHANGE_HOURS) goes to the
 * OLD address, and the address changes when the user, signed in, confirms it there. Any change of a
 * user's address ends its sessions and tells the old address.
 */

export const EMAIL_CHANGE_HOURS = 24;
export const EMAIL_CHANGE_INVALID = 'This confirmation link is invalid, has expired or is not for the signed-in user.';

export const emailChangeTokenSchema = z.object({
  token: z.string({ message: EMAIL_CHANGE_INVALID }).min(20, EMAIL_CHANGE_INVALID).max(200, EMAIL_CHANGE_INVALID),
});

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Whose address only changes on their own confirmation: administrators (they hold users.manage), and anyone
 * who has signed in. The second keeps an administrator from demoting a peer first and then re-addressing
 * the no-longer-administrator at once; an invited user who never signed in can still have a mistyped
 * address corrected directly.
 */
export const needsConfirmedEmailChange = (target: { roleCode: string; lastLogin: Date | null }) =>
  roleCan(target.roleCode, 'users.manage') || target.lastLogin !== null;

/**
 * Stores `newEmail` as the user's pending address and e-mails the confirmation link to its current one,
 * in the caller's transaction; a pending change asked for before stops working.
 */
export async function requestEmailChange(tx: Tx, actor: Actor, user: { id: number; email: string }, newEmail: string): Promise<void> {
  await countEmailChange(tx, user.email);
  await cancelPendingEmailChanges(tx, user.id);
  const token = randomBytes(32).toString('base64url');
  await tx.insert(emailChanges).values({
    userId: user.id,
    oldEmail: user.email,
    newEmail,
    tokenHash: hashToken(token),
    requestedBy: actor.userId,
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_HOURS * 3_600_000),
  });
  await enqueueInOutbox(tx, 'send-email', {
    to: user.email,
    template: 'notification',
    data: {
      subject: 'Confirm the new e-mail address of your Trade Portal account',
      lines: [
        'Hello,',
        `An administrator (${actor.email}) has asked to change the e-mail address of your Trade Portal account from ${user.email} to ${newEmail}.`,
        `If you agree, sign in and confirm it here: ${env.APP_URL}/email/confirm/${token}`,
        `The link works once and expires in ${EMAIL_CHANGE_HOURS} hours. Until you confirm it, your address stays as it is; if you did not expect this, ignore this e-mail and tell your administrator.`,
      ],
    },
  });
}

/** Ends the user's pending address changes (a new request replaces them). */
export async function cancelPendingEmailChanges(tx: DbOrTx, userId: number): Promise<void> {
  await tx
    .update(emailChanges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
}

/** Tells the old address that the account's address changed (it will not get the account's e-mails any more). */
export async function noticeEmailChanged(tx: DbOrTx, oldEmail: string, newEmail: string): Promise<void> {
  await enqueueInOutbox(tx, 'send-email', {
    to: oldEmail,
    template: 'notification',
    data: {
      subject: 'The e-mail address of your Trade Portal account has changed',
      lines: [
        'Hello,',
        `The e-mail address of your Trade Portal account is now ${newEmail}; this address (${oldEmail}) no longer signs in. You have been signed out everywhere.`,
        'If you did not expect this, tell your administrator at once.',
      ],
    },
  });
}

const usable = (token: string, userId: number) =>
  and(
    eq(emailChanges.tokenHash, hashToken(token)),
    eq(emailChanges.userId, userId),
    isNull(emailChanges.usedAt),
    gt(emailChanges.expiresAt, sql`now()`),
  );

/** The confirmation page: the pending change of this link when it is the signed-in user's and still usable. */
export async function pendingEmailChange(actor: Actor, token: string): Promise<{ oldEmail: string; newEmail: string } | null> {
  const parsed = emailChangeTokenSchema.safeParse({ token });
  if (!parsed.success) return null;
  const [row] = await db
    .select({ oldEmail: emailChanges.oldEmail, newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(usable(token, actor.userId));
  return row && row.oldEmail === actor.email ? row : null;
}

/**
 * POST /email/confirm {token}: the signed-in user confirms its new address. The link is claimed
 * atomically (it works once, within its hours, and only for the user it was sent to); the address
 * changes, every session of the user ends and the old address is told, in one transaction.
 */
export async function confirmEmailChange(actor: Actor, input: z.input<typeof emailChangeTokenSchema>, { ip }: { ip?: string } = {}) {
  const { token } = emailChangeTokenSchema.parse(input);
  const result = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(emailChanges)
      .set({ usedAt: sql`now()` })
      .where(usable(token, actor.userId))
      .returning({ oldEmail: emailChanges.oldEmail, newEmail: emailChanges.newEmail });
    // An address changed since the link was sent makes the link stale.
    if (!claimed || claimed.oldEmail !== actor.email) throw new RuleViolationError(EMAIL_CHANGE_INVALID, { token: [EMAIL_CHANGE_INVALID] });
    await assertEmailFree(tx, claimed.newEmail, actor.userId);
    await tx
      .update(users)
      .set({ email: claimed.newEmail, sessionVersion: nextSessionVersion, updatedAt: sql`now()` })
      .where(and(eq(users.id, actor.userId), isNull(users.deletedAt)));
    await noticeEmailChanged(tx, claimed.oldEmail, claimed.newEmail);
    const descr = `Confirmed the change of e-mail address from ${claimed.oldEmail} to ${claimed.newEmail}`;
    await recordUserChange(tx, actor, { id: actor.userId, email: claimed.newEmail }, 'update-user', descr, {
      ip,
      detail: { emailFrom: claimed.oldEmail },
    });
    return { message: `Your e-mail address is now ${claimed.newEmail}. Please sign in again with it.`, email: claimed.newEmail };
  });
  nudgeOutbox();
  return result;
}

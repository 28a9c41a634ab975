import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rateLimitHits } from '../../db/schema';
import { TooManyAttemptsError } from './errors';
import { countInWindow } from './sliding-window';

/*
 * What an administrator's or staff member's act may send out per hour (issue 29): every invitation and
 * e-mail-change confirmation is an e-mail to an address the sender chooses, and an order resend e-mails
 * the order to all of a vendor's users. Counted in rate_limit_hits by lib/domain/sliding-window.ts, the
 * mechanism of the password-reset limit; past a limit the act is refused with 429 and nothing is sent.
 */
export const REQUEST_LIMITS = {
  windowMinutes: 60,
  /** Invitations (new and resent) per inviting user, and per invited address. */
  invitationsPerUser: 20,
  invitationsPerAddress: 3,
  /** Confirmation e-mails of a peer administrator's new e-mail address, per address they go to. */
  emailChangesPerAddress: 3,
  /** Order resends per user. */
  orderResendsPerUser: 30,
} as const;

type Key = { bucket: string; key: string; limit: number; refusal: string };

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** Counts the act under each key; throws TooManyAttemptsError (429) with the first exceeded key's message. */
async function countOrRefuse(tx: Tx, keys: Key[]): Promise<void> {
  const outcome = await countInWindow(
    tx,
    { table: rateLimitHits, at: rateLimitHits.at, windowMinutes: REQUEST_LIMITS.windowMinutes },
    keys.map((k) => ({
      lock: `${k.bucket}:${k.key}`,
      rows: and(eq(rateLimitHits.bucket, k.bucket), eq(rateLimitHits.key, k.key))!,
      limit: k.limit,
    })),
    () => tx.insert(rateLimitHits).values(keys.map(({ bucket, key }) => ({ bucket, key }))),
  );
  if (outcome.allowed) return;
  const n = minutes(outcome.retryAfterSeconds);
  throw new TooManyAttemptsError(
    `${keys[outcome.exceeded[0]].refusal} Please try again in ${n} minute${n === 1 ? '' : 's'}.`,
    outcome.retryAfterSeconds,
  );
}

/** An invitation (new or resent) by `userId` to `email`. */
export function countInvitation(tx: Tx, userId: number, email: string): Promise<void> {
  return countOrRefuse(tx, [
    {
      bucket: 'invitation-by',
      key: String(userId),
      limit: REQUEST_LIMITS.invitationsPerUser,
      refusal: `You have sent ${REQUEST_LIMITS.invitationsPerUser} invitations in the last hour: the invitation was not sent.`,
    },
    {
      bucket: 'invitation-to',
      key: email,
      limit: REQUEST_LIMITS.invitationsPerAddress,
      refusal: `${email} has been sent ${REQUEST_LIMITS.invitationsPerAddress} invitations in the last hour: the invitation was not sent.`,
    },
  ]);
}

/** A confirmation e-mail of a new e-mail address, to the old address `email`. */
export function countEmailChange(tx: Tx, email: string): Promise<void> {
  return countOrRefuse(tx, [
    {
      bucket: 'email-change-to',
      key: email,
      limit: REQUEST_LIMITS.emailChangesPerAddress,
      refusal: `${email} has been asked ${REQUEST_LIMITS.emailChangesPerAddress} times in the last hour to confirm a new address: nothing was changed.`,
    },
  ]);
}

/** An order resend by `userId`. */
export function countOrderResend(tx: Tx, userId: number): Promise<void> {
  return countOrRefuse(tx, [
    {
      bucket: 'order-resend-by',
      key: String(userId),
      limit: REQUEST_LIMITS.orderResendsPerUser,
      refusal: `You have resent ${REQUEST_LIMITS.orderResendsPerUser} orders in the last hour: the order was not resent.`,
    },
  ]);
}

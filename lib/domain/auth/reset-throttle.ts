import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { passwordResetRequests } from '../../../db/schema';
import { countInWindow } from '../sliding-window';

/**
 * Password-reset e-mails are limited per e-mail address and per client address over a sliding window,
 * so the form cannot be used to flood someone's mailbox or to send mail in bulk. Past a limit the
 * request gets the same answer as always and no e-mail: nobody learns from it whether an address has
 * an account, nor that it was limited. Kept in PostgreSQL so every web replica counts together.
 */
export const RESET_THROTTLE = { windowMinutes: 15, perEmail: 3, perIp: 10 } as const;

/**
 * Counts this request and says whether it may still send an e-mail (lib/domain/sliding-window.ts: one
 * request per address at a time, so a burst cannot slip past the limit).
 */
export async function mayRequestReset(tx: Tx, email: string, ip: string): Promise<boolean> {
  const { allowed } = await countInWindow(
    tx,
    { table: passwordResetRequests, at: passwordResetRequests.at, windowMinutes: RESET_THROTTLE.windowMinutes },
    [
      { lock: `password-reset:${email}`, rows: eq(passwordResetRequests.email, email), limit: RESET_THROTTLE.perEmail },
      { lock: `password-reset-ip:${ip}`, rows: eq(passwordResetRequests.ip, ip), limit: RESET_THROTTLE.perIp },
    ],
    () => tx.insert(passwordResetRequests).values({ email, ip }),
  );
  return allowed;
}

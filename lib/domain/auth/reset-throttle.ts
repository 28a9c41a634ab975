import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { passwordResetRequests } from '../../../db/schema';

/**
 * Password-reset e-mails are limited per e-mail address and per client address over a sliding window,
 * so the form cannot be used to flood someone's mailbox or to send mail in bulk. Past a limit the
 * request gets the same answer as always and no e-mail: nobody learns from it whether an address has
 * an account, nor that it was limited. Kept in PostgreSQL so every web replica counts together.
 */
export const RESET_THROTTLE = { windowMinutes: 15, perEmail: 3, perIp: 10 } as const;

/**
 * Counts this request and says whether it may still send an e-mail. Requests for one address are
 * counted one at a time (a transaction lock on the address), so a burst cannot slip past the limit.
 */
export async function mayRequestReset(tx: Tx, email: string, ip: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`password-reset:${email}`}))`);
  const since = sql`now() - make_interval(mins => ${RESET_THROTTLE.windowMinutes})`;
  // What has aged out of the window is of no further use.
  await tx.delete(passwordResetRequests).where(and(eq(passwordResetRequests.email, email), lt(passwordResetRequests.at, since)));
  const [row] = await tx
    .select({
      byEmail: sql<number>`count(*) filter (where ${passwordResetRequests.email} = ${email})`.mapWith(Number),
      byIp: sql<number>`count(*) filter (where ${passwordResetRequests.ip} = ${ip})`.mapWith(Number),
    })
    .from(passwordResetRequests)
    .where(and(sql`${passwordResetRequests.at} > ${since}`, or(eq(passwordResetRequests.email, email), eq(passwordResetRequests.ip, ip))));
  await tx.insert(passwordResetRequests).values({ email, ip });
  return row.byEmail < RESET_THROTTLE.perEmail && row.byIp < RESET_THROTTLE.perIp;
}

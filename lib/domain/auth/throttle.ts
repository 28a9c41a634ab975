import { and, eq, gt, or, sql } from 'drizzle-orm';
import { db, type DbOrTx } from '../../../db/client';
import { loginFailures } from '../../../db/schema';
import { recordActivity } from '../audit/record';
import { TooManyAttemptsError } from '../errors';

/**
 * Failed sign-ins are counted per account and per address over a sliding window. Past the limit,
 * sign-in is refused until the oldest failure in the window ages out: slowed, never locked for good.
 */
export const THROTTLE = { windowMinutes: 15, perEmail: 5, perIp: 20 } as const;

export async function assertNotThrottled(email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - THROTTLE.windowMinutes * 60_000);
  const [row] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where ${loginFailures.email} = ${email})`.mapWith(Number),
      byIp: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})`.mapWith(Number),
      oldest: sql<string | null>`min(${loginFailures.at})`,
    })
    .from(loginFailures)
    .where(and(gt(loginFailures.at, since), or(eq(loginFailures.email, email), eq(loginFailures.ip, ip))));
  if (row.byEmail < THROTTLE.perEmail && row.byIp < THROTTLE.perIp) return;
  const oldest = row.oldest ? new Date(row.oldest).getTime() : Date.now();
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest + THROTTLE.windowMinutes * 60_000 - Date.now()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  throw new TooManyAttemptsError(
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfterSeconds,
  );
}

/** Counts a failed sign-in and records it as the account's activity (the address may be of no account). */
export async function recordFailure(email: string, ip: string, userId: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(loginFailures).values({ email, ip });
    await recordActivity(tx, { userId, email }, 'login-failed', { ip });
  });
}

/** Forgets an account's failures (a success, a new password); inside the caller's transaction when given one. */
export async function clearFailures(email: string, dbx: DbOrTx = db): Promise<void> {
  await dbx.delete(loginFailures).where(eq(loginFailures.email, email));
}

import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { loginFailures } from '../../../db/schema';
import { recordActivity } from '../audit/record';
import { TooManyAttemptsError } from '../errors';

/**
 * Failed sign-ins, counted in `login_failures` over a sliding window, slow guessing down without letting
 * anyone lock a user out (docs/architecture.md, Sign-in and sessions):
 * - one address: past `perIp` failures (any accounts) it is refused until they age out; what stops a guesser;
 * - one account from one address: past `perAccountAndIp` failures each next try waits, doubling from
 *   `pairBaseSeconds` up to `pairMaxSeconds`;
 * - one account from anywhere: past `perAccount` failures each next try waits, doubling from
 *   `accountBaseSeconds` but never more than `accountMaxSeconds`, so someone else's failures keep the real
 *   user (the right password, another address) out for seconds, not minutes.
 * A refused attempt is not a failure: it neither counts nor restarts a wait.
 */
export const THROTTLE = {
  windowMinutes: 15,
  perIp: 20,
  perAccountAndIp: 3,
  pairBaseSeconds: 10,
  pairMaxSeconds: 15 * 60,
  perAccount: 5,
  accountBaseSeconds: 5,
  accountMaxSeconds: 30,
} as const;

const backoff = (over: number, base: number, max: number) => Math.min(base * 2 ** over, max);

/** Refuses the attempt while the address, the account from this address, or the account must wait. */
export async function assertNotThrottled(tx: Tx, email: string, ip: string): Promise<void> {
  // One attempt per address at a time, so a burst of parallel guesses cannot all pass the count below
  // before the first failure is written; a second one is refused at once instead of queueing on a connection.
  const { rows } = await tx.execute<{ claimed: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext(${`sign-in:${ip}`})) as claimed`);
  if (!rows[0].claimed) throw tooMany(1);
  const f = loginFailures;
  const byIp = eq(f.ip, ip);
  const byEmail = eq(f.email, email);
  const byPair = and(byEmail, byIp);
  const secondsSince = (condition: ReturnType<typeof eq>) =>
    sql`extract(epoch from now() - max(${f.at}) filter (where ${condition}))`.mapWith(Number);
  const [row] = await tx
    .select({
      ip: sql<number>`count(*) filter (where ${byIp})`.mapWith(Number),
      ipFreeIn:
        sql<number>`extract(epoch from min(${f.at}) filter (where ${byIp}) + make_interval(mins => ${THROTTLE.windowMinutes}) - now())`.mapWith(
          Number,
        ),
      pair: sql<number>`count(*) filter (where ${byPair})`.mapWith(Number),
      sincePair: secondsSince(byPair!),
      account: sql<number>`count(*) filter (where ${byEmail})`.mapWith(Number),
      sinceAccount: secondsSince(byEmail),
    })
    .from(f)
    .where(and(sql`${f.at} > now() - make_interval(mins => ${THROTTLE.windowMinutes})`, or(byEmail, byIp)));
  const t = THROTTLE;
  const waits = [
    row.ip >= t.perIp ? row.ipFreeIn : 0,
    row.pair >= t.perAccountAndIp ? backoff(row.pair - t.perAccountAndIp, t.pairBaseSeconds, t.pairMaxSeconds) - row.sincePair : 0,
    row.account >= t.perAccount ? backoff(row.account - t.perAccount, t.accountBaseSeconds, t.accountMaxSeconds) - row.sinceAccount : 0,
  ];
  const wait = Math.ceil(Math.max(...waits));
  if (wait > 0) throw tooMany(wait);
}

function tooMany(seconds: number): TooManyAttemptsError {
  const [n, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return new TooManyAttemptsError(`Too many failed sign-in attempts. Please try again in ${n} ${unit}${n === 1 ? '' : 's'}.`, seconds);
}

/** Counts a failed sign-in and records it as the account's activity, with the address it was counted for. */
export async function recordFailure(tx: DbOrTx, email: string, ip: string, userId: number | null): Promise<void> {
  await tx.insert(loginFailures).values({ email, ip });
  await recordActivity(tx, { userId, email }, 'login-failed', { ip });
}

/**
 * Forgets an account's failures from one address (its user got in from there), or from every address
 * (a new password); inside the caller's transaction when given one. Others' failures from elsewhere
 * stay after a sign-in, so the address they came from stays slowed.
 */
export async function clearFailures(email: string, dbx: DbOrTx, ip?: string): Promise<void> {
  await dbx
    .delete(loginFailures)
    .where(ip === undefined ? eq(loginFailures.email, email) : and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
}

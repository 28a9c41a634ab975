import { and, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';

/*
 * Rate limits over a sliding window, counted in PostgreSQL so every web replica counts together: each
 * request is a row with its time, and a limit is how many rows of one key (an e-mail address, a client
 * address, a user) the window may hold. The password-reset limit (auth/reset-throttle.ts) and the limits
 * of administrators' e-mails and order resends (request-limits.ts) are this one mechanism over their
 * own tables.
 */

/** One key of a request and how many requests of it the window holds. */
export type WindowKey = {
  /** Names the key for its transaction lock, e.g. 'password-reset:ann@example.com'. */
  lock: string;
  /** The rows of this key in the table. */
  rows: SQL;
  limit: number;
};

export type WindowOutcome = {
  allowed: boolean;
  /** Which keys are at their limit (indexes into `keys`). */
  exceeded: number[];
  /** Seconds until every exceeded key has room again (0 when allowed). */
  retryAfterSeconds: number;
};

/**
 * Counts the request's keys over the last `windowMinutes` and says whether it is within every limit;
 * `record` then writes the request's rows (whatever the outcome; the caller's rollback removes them).
 * Requests of one key are counted one at a time (transaction locks taken in one order), so a burst
 * cannot slip past a limit. Rows that have aged out of the window are removed on the way.
 */
export async function countInWindow(
  tx: Tx,
  counter: { table: PgTable; at: PgColumn; windowMinutes: number },
  keys: WindowKey[],
  record: () => Promise<unknown>,
): Promise<WindowOutcome> {
  for (const lock of [...new Set(keys.map((k) => k.lock))].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lock}))`);
  const { table, at, windowMinutes } = counter;
  const since = sql`now() - make_interval(mins => ${windowMinutes})`;
  const anyKey = or(...keys.map((k) => k.rows));
  await tx.delete(table).where(and(anyKey, lt(at, since)));
  // Per key: its count, and when its limit-th newest row leaves the window (then it has room again).
  const columns = Object.fromEntries(
    keys.flatMap((k, i) => [
      [`n${i}`, sql<number>`count(*) filter (where ${k.rows})`.mapWith(Number)],
      [
        `free${i}`,
        sql<number>`ceil(extract(epoch from (array_agg(${at} order by ${at} desc) filter (where ${k.rows}))[${k.limit}::int] + make_interval(mins => ${windowMinutes}) - now()))`.mapWith(
          Number,
        ),
      ],
    ]),
  );
  const [row] = (await tx
    .select(columns)
    .from(table)
    .where(and(anyKey, gt(at, since)))) as Record<string, number | null>[];
  await record();
  const exceeded = keys.flatMap((k, i) => (Number(row[`n${i}`]) >= k.limit ? [i] : []));
  const retryAfterSeconds = Math.max(0, ...exceeded.map((i) => Number(row[`free${i}`] ?? 0)));
  return { allowed: exceeded.length === 0, exceeded, retryAfterSeconds };
}

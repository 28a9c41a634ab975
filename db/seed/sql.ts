import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Anything that can run a query: a pool or a checked-out client. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * Runs an insert that reads its rows from `$1` as a JSON array (`jsonb_to_recordset($1::jsonb)`).
 * Rows travel as one parameter, and the SQL resolves natural keys (codes, e-mails) to ids itself,
 * so every seed statement can end in `on conflict do nothing` or `where not exists` and stay re-runnable.
 */
export async function insertJson(db: Queryable, text: string, rows: readonly object[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db.query(text, [JSON.stringify(rows)]);
  return result.rowCount ?? 0;
}

/** A stable hash of a string, for deterministic seed values that do not depend on run order. */
export function hashInt(key: string): number {
  return createHash('md5').update(key).digest().readUInt32BE(0);
}

/** A short opaque identifier (the tinyMce of subsidiaries and vendors), stable for a given key. */
export function opaqueId(key: string, length = 12): string {
  return createHash('md5').update(key).digest('hex').slice(0, length);
}

/** A deterministic amount in rands between min and max, two decimals, as the string numeric expects. */
export function amountBetween(key: string, min: number, max: number): string {
  const cents = Math.round(min * 100) + (hashInt(key) % Math.round((max - min) * 100 + 1));
  return (cents / 100).toFixed(2);
}

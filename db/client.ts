import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { env } from '../lib/env';
import * as schema from './schema';

// Postgres `numeric` and `date` stay strings (exact money, no timezone shifts); bigint counts become numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

declare global {
  var __portalPool: pg.Pool | undefined;
}

/** One pool per process; kept on globalThis so Next's dev reloads do not leak connections. */
export const pool: pg.Pool =
  globalThis.__portalPool ?? new pg.Pool({ connectionString: env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX ?? 10) });
globalThis.__portalPool = pool;

export const db = drizzle(pool, { schema, casing: 'snake_case' });
export type Db = typeof db;
/** A transaction handle; domain commands accept either so they compose inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

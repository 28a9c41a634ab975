import { createHash } from 'node:crypto';
import { fillPlaceholders, is, SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { env } from '../lib/env';
import * as schema from './schema';

// Postgres `numeric` and `date` stay strings (exact money, no timezone shifts); bigint counts become numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

declare global {
  var __portalPool: PortalPool | undefined;
}

/**
 * Which limits a process's sessions get. `web`: a request may not hold the database long, so each statement
 * ends after DB_STATEMENT_TIMEOUT_MS and a session idle in an open transaction after
 * DB_IDLE_IN_TRANSACTION_TIMEOUT_MS (docs/architecture.md, Security). `background`: the worker's jobs run long
 * statements (a catalogue merge) and keep their outbox row's transaction open while they build a report or
 * send a mail, so neither limit applies. The seed and migrations open their own connections, without either.
 */
export type SessionKind = 'web' | 'background';

/**
 * How a session plans its statements. `generic`: the pool's sessions. `forValues`: the companion pool's
 * (queryPlannedForValues), every statement planned for the values it is given, serially, read only.
 */
export type Planning = 'generic' | 'forValues';

/** The startup options of a session of that kind (PostgreSQL settings sent with the connection, no extra round trip). */
export function sessionOptions(kind: SessionKind, planning: Planning = 'generic'): string {
  // Prepared statements (queryPrepared) keep one generic plan: planning a join on xdocs and its many
  // indexes costs more than running it. Only queries whose best plan does not depend on their values
  // are prepared; the rest are planned for their actual values on every call (see summary.ts).
  const settings =
    planning === 'generic'
      ? ['plan_cache_mode=force_generic_plan']
      : // Serial: such a search reads at most a supplier's list, and starting parallel workers for it cost more
        // than the scan they would share (50 ms against 16 ms on two busy cores, bench/notes.md).
        ['plan_cache_mode=force_custom_plan', 'max_parallel_workers_per_gather=0', 'default_transaction_read_only=on'];
  if (kind === 'web')
    settings.push(
      `statement_timeout=${env.DB_STATEMENT_TIMEOUT_MS}`,
      `idle_in_transaction_session_timeout=${env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS}`,
      // No JIT compiling for a request: its statements run in milliseconds, and an estimate above jit_above_cost
      // (a part-number search at 10M documents is estimated at 240,000) spent 50 ms compiling a 3 ms statement.
      'jit=off',
    );
  return settings.map((setting) => `-c ${setting}`).join(' ');
}

// Web unless a background entry (the worker) says otherwise before it connects: a web process can never
// forget to ask for its limits.
let sessionKind: SessionKind = 'web';

/** Connections made from now on get the background's settings: called by the worker's entry before its first query. */
export function setBackgroundSessions(): void {
  sessionKind = 'background';
}

/**
 * A connection whose settings are chosen when it is opened, so the pool can be made before the process says
 * what it is. It always hears its own errors: the server ends a session left idle in a transaction while the
 * connection is checked out, when the pool no longer listens, and an unheard 'error' would end the process.
 * The holder's next query then fails, and the pool drops the connection when it comes back.
 */
class PortalClient extends pg.Client {
  static planning: Planning = 'generic';
  constructor(config?: string | pg.ClientConfig) {
    const { planning } = new.target as typeof PortalClient;
    super({ ...(typeof config === 'string' ? { connectionString: config } : config), options: sessionOptions(sessionKind, planning) });
    this.on('error', (error) => console.error(`[db] connection lost: ${error.message}`));
  }
}

/** A connection of the companion pool: every statement planned for its values (see Planning). */
class PlannedForValuesClient extends PortalClient {
  static override planning: Planning = 'forValues';
}

/**
 * The process's pool, with a companion pool opened on first use for queryPlannedForValues: its sessions
 * plan for values by their startup settings, so such a read is one round trip instead of three (a
 * transaction setting them, the statement, the commit). Ending the pool ends both.
 */
class PortalPool extends pg.Pool {
  #plannedForValues?: pg.Pool;

  constructor(private readonly settings: pg.PoolConfig) {
    super({ ...settings, Client: PortalClient });
  }

  get plannedForValues(): pg.Pool {
    if (!this.#plannedForValues) {
      this.#plannedForValues = new pg.Pool({ ...this.settings, Client: PlannedForValuesClient });
      this.#plannedForValues.on('error', () => {}); // as the pool's own, below
    }
    return this.#plannedForValues;
  }

  override end(): Promise<void>;
  override end(callback: () => void): void;
  override end(callback?: () => void): Promise<void> | void {
    const ended = Promise.all([this.#plannedForValues?.end(), super.end()]).then(() => undefined);
    if (!callback) return ended;
    void ended.then(callback);
  }
}

/**
 * One pool per process; kept on globalThis so Next's dev reloads do not leak connections. A request waits
 * at most DB_ACQUIRE_TIMEOUT_MS for a connection, then fails, rather than queueing behind a held pool.
 */
export const pool: PortalPool =
  globalThis.__portalPool ??
  new PortalPool({
    connectionString: env.DATABASE_URL,
    max: env.DB_POOL_MAX,
    connectionTimeoutMillis: env.DB_ACQUIRE_TIMEOUT_MS,
  });
globalThis.__portalPool = pool;
// An idle connection the server closes (a restart, or the demo's database stopping) emits 'error' on the
// pool too; unheard, that would end the process. The connection has logged it (PortalClient), and the pool
// replaces it on next use.
if (pool.listenerCount('error') === 0) pool.on('error', () => {});

export const db = drizzle(pool, { schema, casing: 'snake_case' });
export type Db = typeof db;
/** A transaction handle; domain commands accept either so they compose inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A statement rendered to text and named once, for a statement of fixed shape that a request makes every time:
 * its values are drizzle placeholders (`sql.placeholder('name')`), given on each run. Building drizzle's tree of
 * the statement, rendering it and naming it cost the web process more than sending it (about 5 % of a
 * one-document ingestion's CPU, docs/benchmarks.md "One statement rendered once").
 */
export type Statement = { readonly text: string; readonly name: string; readonly params: readonly unknown[] };

export function statementOf(query: SQL): Statement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, name: preparedName(text), params };
}

/** The parameters of a run: the statement's own, each placeholder replaced by its value in `values`. */
const parametersOf = ({ params }: Statement, values: Record<string, unknown>) => fillPlaceholders(params as unknown[], values);

const asStatement = (query: SQL | Statement): Statement => (is(query, SQL) ? statementOf(query) : query);

/**
 * Runs a query written with drizzle's sql template (or a Statement with its placeholders' values) as a named
 * prepared statement and returns the rows as PostgreSQL sends them, keyed by the query's own aliases. For hot
 * read paths: each pooled connection plans a given query text once (one generic plan, see the pool), and rows
 * skip drizzle's per-field mapping. The name comes from the text, so every query of the same shape reuses it.
 * Select dates as text (see summary.ts).
 */
export async function queryPrepared<Row>(query: SQL | Statement, values: Record<string, unknown> = {}): Promise<Row[]> {
  const statement = asStatement(query);
  const result = await pool.query({ name: statement.name, text: statement.text, values: parametersOf(statement, values) });
  return result.rows as Row[];
}

/**
 * A prepared statement's name, from its text: one text, one name, on every connection. Remembered for the texts
 * seen last, so a query built on every call is not hashed on every call; a process makes a few hundred shapes.
 */
const names = new Map<string, string>();
const MOST_NAMES_KEPT = 2000;
function preparedName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    if (names.size >= MOST_NAMES_KEPT) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * Runs a write or read of fixed shape as a named prepared statement on `on`, a transaction's connection or
 * the pool, and returns its rows keyed by the query's aliases (timestamps as text, as drizzle reads them).
 * For statements run on every request whose planning costs more than their work: the notifications'
 * insert took 1.4 ms to plan for 0.15 ms to run, and a new document's 0.2 ms for a statement whose
 * arrays change in length, not in shape (docs/benchmarks.md, issue 23). Each connection plans the text
 * once, one generic plan (the pool's sessions force them), so the query must not depend on its values
 * for its best plan: parameters that are arrays of rows, keys looked up by their index. `query` is a
 * drizzle sql template, or a Statement rendered once with the values of its placeholders.
 */
export async function executePrepared<Row>(on: DbOrTx, query: SQL | Statement, values: Record<string, unknown> = {}): Promise<Row[]> {
  const statement = asStatement(query);
  const prepared = on._.session.prepareQuery<{ execute: pg.QueryResult; all: unknown; values: unknown }>(
    { sql: statement.text, params: parametersOf(statement, values) },
    undefined,
    statement.name,
    false,
  );
  const result = await prepared.execute();
  return result.rows as Row[];
}

/** A parameter-free fragment rendered to text once, so hot queries do not rebuild it on every call. */
export function fixedSql(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length) throw new Error(`fixedSql: the fragment has parameters: ${text}`);
  return sql.raw(text);
}

/**
 * Runs a read planned for the values it is given (a custom plan), for the few reads whose best plan
 * depends on a value: a search for part of a document number is best served by the trigram index when
 * the text is rare and by reading the list in order when most numbers contain it, and a generic plan has
 * to pick one for all. The pool's sessions force generic plans, so this runs on the companion pool's
 * (PortalPool.plannedForValues): one round trip, and the planning (about 1–2 ms for a list page).
 */
export async function queryPlannedForValues<Row>(query: SQL): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await pool.plannedForValues.query({ text, values: params });
  return result.rows as Row[];
}

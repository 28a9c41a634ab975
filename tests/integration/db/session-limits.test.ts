import type pg from 'pg';

/*
 * The web's database limits (db/client.ts): a pooled connection ends a long statement and a session left
 * idle in a transaction, and a request waits only so long for a connection. Small limits for this file,
 * set before the client module reads the environment; the worker's sessions (setBackgroundSessions) have none.
 */
process.env.DB_POOL_MAX = '2';
process.env.DB_ACQUIRE_TIMEOUT_MS = '300';
process.env.DB_STATEMENT_TIMEOUT_MS = '500';
process.env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS = '1000';

let client: typeof import('@/db/client');
beforeAll(async () => {
  client = await import('@/db/client');
  await openBothConnections();
});

/**
 * The pool's 300 ms also bounds opening a connection, which on a loaded machine can take longer (CI failed
 * so before any test ran): open both before the tests, retrying, so they measure the limits, not the fork.
 */
async function openBothConnections(): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const opened: pg.PoolClient[] = [];
    try {
      for (let i = 0; i < 2; i++) opened.push(await client.pool.connect());
      return;
    } catch (error) {
      if (attempt === 20) throw error;
    } finally {
      for (const c of opened) c.release();
    }
  }
}
afterAll(async () => {
  await client.pool.end();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const setting = async (on: pg.Pool | pg.PoolClient, name: string) => (await on.query(`show ${name}`)).rows[0][name];

describe('web database sessions', () => {
  it('carry the statement and idle-in-transaction time-outs', async () => {
    expect(await setting(client.pool, 'statement_timeout')).toBe('500ms');
    expect(await setting(client.pool, 'idle_in_transaction_session_timeout')).toBe('1s');
    // The generic-plan setting the pool already had is still sent beside them.
    expect(await setting(client.pool, 'plan_cache_mode')).toBe('force_generic_plan');
  });

  it('never JIT-compile a statement (a request is milliseconds; compiling one took 50 ms)', async () => {
    expect(await setting(client.pool, 'jit')).toBe('off');
  });

  it('cancel a statement that runs past the statement time-out', async () => {
    await expect(client.pool.query('select pg_sleep(2)')).rejects.toMatchObject({ code: '57014' });
    expect((await client.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('are ended when left idle in a transaction past the limit, and the pool goes on with a fresh one', async () => {
    const held = await client.pool.connect();
    await held.query('begin');
    const { rows } = await held.query('select pg_backend_pid() as pid');
    await sleep(1600);
    // The server has ended the session: its next statement fails (and the process is still alive).
    await expect(held.query('select 1')).rejects.toThrow();
    held.release(true);
    const gone = await client.pool.query('select count(*)::int as n from pg_stat_activity where pid = $1', [rows[0].pid]);
    expect(gone.rows[0].n).toBe(0);
  });

  it('are waited for at most the acquire time-out when the pool is taken', async () => {
    const taken = [await client.pool.connect(), await client.pool.connect()];
    const started = Date.now();
    await expect(client.pool.connect()).rejects.toThrow(/timeout/);
    expect(Date.now() - started).toBeLessThan(2000);
    for (const c of taken) c.release();
  });
});

describe('reads planned for their values (queryPlannedForValues)', () => {
  it('run in one round trip on sessions that plan for values, serially, read only, with the web limits', async () => {
    const { sql } = await import('drizzle-orm');
    const pg = (await import('pg')).default;
    const sent = jest.spyOn(pg.Client.prototype, 'query');
    try {
      const [row] = await client.queryPlannedForValues<Record<string, string>>(
        sql`select current_setting('plan_cache_mode') as plans, current_setting('max_parallel_workers_per_gather') as workers,
                   current_setting('transaction_read_only') as "readOnly", current_setting('statement_timeout') as timeout,
                   ${'given'}::text as value`,
      );
      expect(row).toEqual({ plans: 'force_custom_plan', workers: '0', readOnly: 'on', timeout: '500ms', value: 'given' });
      // Before, a transaction set the first three: begin and settings, the statement, commit.
      expect(sent).toHaveBeenCalledTimes(1);
    } finally {
      sent.mockRestore();
    }
  });

  it('cannot write', async () => {
    const { sql } = await import('drizzle-orm');
    await expect(client.queryPlannedForValues(sql`create temporary table planned_for_values_write (x int)`)).rejects.toMatchObject({
      code: '25006',
    });
  });
});

describe('background database sessions', () => {
  it('have neither time-out, for connections opened after the worker asks for them', async () => {
    // Close the web connections the pool holds, so the next one is opened anew.
    const open = [await client.pool.connect(), await client.pool.connect()];
    for (const c of open) c.release(true);
    client.setBackgroundSessions();
    expect(await setting(client.pool, 'statement_timeout')).toBe('0');
    expect(await setting(client.pool, 'idle_in_transaction_session_timeout')).toBe('0');
    // The worker's long reports may still be compiled.
    expect(await setting(client.pool, 'jit')).toBe('on');
    expect((await client.pool.query('select 1 as one from pg_sleep(0.7)')).rows).toEqual([{ one: 1 }]);
  });
});

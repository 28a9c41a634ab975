import { sql } from 'drizzle-orm';
import { db, executePrepared, pool, queryPrepared, statementOf } from '@/db/client';

/*
 * A Statement is rendered and named once and run with its placeholders' values (db/client.ts): the hot statements
 * of POST /api/v1/documents are built this way. Each run must send its own values, on the pool and in a transaction.
 */

afterAll(async () => {
  await pool.end();
});

const ECHO = statementOf(
  sql`select ${sql.placeholder('codes')}::text[] as codes, ${sql.placeholder('n')}::int + ${7}::int as n, ${'fixed'}::text as fixed`,
);

it('runs a statement rendered once with the values of each run, and keeps its own fixed parameters', async () => {
  expect(await queryPrepared(ECHO, { codes: ['A', 'B'], n: 1 })).toEqual([{ codes: ['A', 'B'], n: 8, fixed: 'fixed' }]);
  expect(await queryPrepared(ECHO, { codes: [], n: 2 })).toEqual([{ codes: [], n: 9, fixed: 'fixed' }]);
  const inTransaction = await db.transaction((tx) => executePrepared(tx, ECHO, { codes: ['C'], n: null }));
  expect(inTransaction).toEqual([{ codes: ['C'], n: null, fixed: 'fixed' }]);
});

it('refuses a run that leaves a placeholder without a value, before anything is sent', async () => {
  await expect(queryPrepared(ECHO, { codes: ['A'] })).rejects.toThrow('No value for placeholder "n"');
});

it('names a statement by its text: the same shape built twice is one prepared statement', () => {
  const build = (n: number) => statementOf(sql`select ${n}::int as n`);
  expect(build(1).name).toBe(build(2).name);
  expect(build(1).name).not.toBe(statementOf(sql`select ${1}::bigint as n`).name);
});

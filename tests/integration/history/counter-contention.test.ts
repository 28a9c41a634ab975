import type { PoolClient } from 'pg';
import { pool } from '@/db/client';
import { copyDocument, uniqueTag } from '../support/fixtures';

/**
 * Two transactions writing documents of the same day, subsidiary, type and status (different vendors and stores,
 * so no other counter is shared) do not wait for each other: the day counters they share are spread over slots by
 * transaction id (migrations 0025 and 0029). With one row per key the second waited until the first committed;
 * here it must finish within its lock timeout while the first is still open. docs/benchmarks.md, Integration API.
 */
const PREFIX = `HCC${uniqueTag()}`;
const DAY = '2031-03-14';
const COMMIT_DAY = '2031-03-15';

/** A transaction whose id falls in another slot than `other`'s (ids are consecutive here, so this takes one try). */
async function beginInOtherSlot(client: PoolClient, other: number): Promise<number> {
  for (;;) {
    await client.query('begin');
    const { rows } = await client.query<{ slot: number }>('select (txid_current() % 16)::int as slot');
    if (rows[0].slot !== other) return rows[0].slot;
    await client.query('rollback');
  }
}

/** A day's total in a counter table, its slots summed, beside the documents of that day counted. */
async function keptAndCounted(table: 'history_type_day_counts' | 'history_day_counts', day: string) {
  const { rows } = await pool.query<{ kept: number; counted: number }>(
    `select (select coalesce(sum(total), 0)::int from ${table} where doc_date = $1) as kept,
            (select count(*)::int from xdocs where doc_date = $1) as counted`,
    [day],
  );
  return rows[0];
}

let first: PoolClient;
let second: PoolClient;

beforeAll(async () => {
  first = await pool.connect();
  second = await pool.connect();
});

// A failed test leaves its transactions open, holding what afterAll deletes: end them first (a warning when none is).
afterEach(async () => {
  await first.query('rollback');
  await second.query('rollback');
});

afterAll(async () => {
  await pool.query(`delete from xdocs where docno like '${PREFIX}%'`);
  first.release();
  second.release();
});

/** Two seeded orders of one subsidiary, type and status, of different vendors and stores. */
async function twoTemplates(): Promise<{ a: number; b: number }> {
  const { rows: templates } = await pool.query<{ a: number; b: number }>(
    `select a.id as a, b.id as b from xdocs a join xdocs b
       on b.subsidiary_id = a.subsidiary_id and b.xdoc_type_code = a.xdoc_type_code and b.wf_status_code = a.wf_status_code
      and b.xdoc_sub_type_code is not distinct from a.xdoc_sub_type_code
      and b.vendor_id <> a.vendor_id and b.store_id <> a.store_id
     where a.xdoc_type_code = 'order' limit 1`,
  );
  expect(templates).toHaveLength(1);
  return templates[0];
}

test('a second writer of the same day and subsidiary does not wait for the first to commit', async () => {
  const templates = await twoTemplates();

  await first.query('begin');
  const { rows } = await first.query<{ slot: number }>('select (txid_current() % 16)::int as slot');
  await copyDocument(first, templates.a, `${PREFIX}-A`, DAY);

  await beginInOtherSlot(second, rows[0].slot);
  await second.query(`set local lock_timeout = '2s'`);
  // Waited for `first` (and failed with "lock timeout") while the day counter was one row per key.
  await copyDocument(second, templates.b, `${PREFIX}-B`, DAY);
  await second.query('commit');
  await first.query('commit');

  expect(await keptAndCounted('history_type_day_counts', DAY)).toEqual({ kept: 2, counted: 2 });
});

test('a writer committing a day and subsidiary does not wait for another commit of the same day', async () => {
  const templates = await twoTemplates();
  await first.query('begin');
  const { rows } = await first.query<{ slot: number }>('select (txid_current() % 16)::int as slot');
  await copyDocument(first, templates.a, `${PREFIX}-C`, COMMIT_DAY);
  // history_day_counts is written by a trigger deferred to commit: this runs it now, as a commit would, and the
  // transaction stays open holding what it wrote, as a commit holds it through its WAL flush.
  await first.query('set constraints all immediate');

  await beginInOtherSlot(second, rows[0].slot);
  await second.query(`set local lock_timeout = '2s'`);
  await copyDocument(second, templates.b, `${PREFIX}-D`, COMMIT_DAY);
  // Failed with "lock timeout" at its commit while history_day_counts was one row per day and subsidiary.
  await second.query('commit');
  await first.query('commit');

  expect(await keptAndCounted('history_day_counts', COMMIT_DAY)).toEqual({ kept: 2, counted: 2 });
});

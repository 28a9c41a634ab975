import type { PoolClient } from 'pg';
import { pool } from '@/db/client';
import { uniqueTag } from '../support/fixtures';

/**
 * Two transactions writing documents of the same day, subsidiary, type and status (different vendors and stores,
 * so no other counter is shared) do not wait for each other: the day counter they share is spread over slots by
 * transaction id (migration 0025). With one row per key the second insert waited until the first committed; here
 * it must finish within its lock timeout while the first is still open. docs/benchmarks.md, Integration API.
 */
const PREFIX = `HCC${uniqueTag()}`;
const DAY = '2031-03-14';

/** Copies a seeded order into a new document of DAY, inside the client's open transaction. */
async function copyOrder(client: PoolClient, templateId: number, docno: string): Promise<void> {
  const { rows } = await client.query<{ column_name: string }>(
    `select column_name from information_schema.columns
     where table_name = 'xdocs' and column_name not in ('id', 'tiny_mce', 'docno', 'doc_date') and is_generated = 'NEVER'`,
  );
  const columns = rows.map((r) => `"${r.column_name}"`).join(', ');
  await client.query(`insert into xdocs (tiny_mce, docno, doc_date, ${columns}) select $2, $3, $4, ${columns} from xdocs where id = $1`, [
    templateId,
    `${docno}-${Date.now()}`,
    docno,
    DAY,
  ]);
}

/** A transaction whose id falls in another slot than `other`'s (ids are consecutive here, so this takes one try). */
async function beginInOtherSlot(client: PoolClient, other: number): Promise<number> {
  for (;;) {
    await client.query('begin');
    const { rows } = await client.query<{ slot: number }>('select (txid_current() % 16)::int as slot');
    if (rows[0].slot !== other) return rows[0].slot;
    await client.query('rollback');
  }
}

let first: PoolClient;
let second: PoolClient;

beforeAll(async () => {
  first = await pool.connect();
  second = await pool.connect();
});

afterAll(async () => {
  await pool.query(`delete from xdocs where docno like '${PREFIX}%'`);
  first.release();
  second.release();
});

test('a second writer of the same day and subsidiary does not wait for the first to commit', async () => {
  const { rows: templates } = await pool.query<{ a: number; b: number }>(
    `select a.id as a, b.id as b from xdocs a join xdocs b
       on b.subsidiary_id = a.subsidiary_id and b.xdoc_type_code = a.xdoc_type_code and b.wf_status_code = a.wf_status_code
      and b.xdoc_sub_type_code is not distinct from a.xdoc_sub_type_code
      and b.vendor_id <> a.vendor_id and b.store_id <> a.store_id
     where a.xdoc_type_code = 'order' limit 1`,
  );
  expect(templates).toHaveLength(1);

  await first.query('begin');
  const { rows } = await first.query<{ slot: number }>('select (txid_current() % 16)::int as slot');
  await copyOrder(first, templates[0].a, `${PREFIX}-A`);

  await beginInOtherSlot(second, rows[0].slot);
  await second.query(`set local lock_timeout = '2s'`);
  // Waited for `first` (and failed with "lock timeout") while the day counter was one row per key.
  await copyOrder(second, templates[0].b, `${PREFIX}-B`);
  await second.query('commit');
  await first.query('commit');

  const { rows: totals } = await pool.query<{ kept: number; counted: number }>(
    `select (select coalesce(sum(total), 0)::int from history_type_day_counts where doc_date = $1) as kept,
            (select count(*)::int from xdocs where doc_date = $1) as counted`,
    [DAY],
  );
  expect(totals[0]).toEqual({ kept: 2, counted: 2 });
});

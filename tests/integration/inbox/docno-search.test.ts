import { PgDialect } from 'drizzle-orm/pg-core';
import { GET as ordersRoute } from '@/app/api/orders/route';
import { pool } from '@/db/client';
import { Scope } from '@/lib/auth/scope';
import { summariesPageJsonQuery } from '@/lib/domain/documents/summary';
import { SEARCH_TOTAL_CAP } from '@/lib/domain/inbox/docno-search';
import { INBOX_LISTS, inboxPageQuery, type InboxListName } from '@/lib/domain/inbox/queries';
import { inboxFilterSchema } from '@/lib/domain/inbox/schemas';
import { callRoute, sessionHeaders } from '../support/actors';
import { createOrder, removeCreatedDocuments, uniqueTag, vendorByCode } from '../support/fixtures';
import { INBOX_LIST_DOCUMENTS } from '../support/inbox';

/*
 * The inbox's part-number search at any size (issue 30): a supplier's search is asked of its list's index
 * of number pieces by vendor, and its total is counted up to 1,000 ("more than 1,000"), so a fragment in
 * every number costs what a rare one does. docs/architecture.md, "Part-number search".
 */
const SUPPLIER = 'supplier@portal.test'; // V0001 and V0002
const TAG = uniqueTag();

/**
 * `count` more documents like `modelId`, numbered `${prefix}C${from}`…, in one statement (the counters'
 * triggers fire as for any insert), a day older each so that the model stays the newest.
 */
async function copyDocument(modelId: number, prefix: string, from: number, count: number): Promise<void> {
  const { rows } = await pool.query<{ column_name: string }>(
    `select column_name from information_schema.columns
      where table_name = 'xdocs' and column_name not in ('id', 'tiny_mce', 'docno', 'doc_date')`,
  );
  const columns = rows.map((r) => `"${r.column_name}"`).join(', ');
  await pool.query(
    `insert into xdocs (tiny_mce, docno, doc_date, ${columns})
     select 'copy-' || $2 || n, $2 || 'C' || n, doc_date - 1 - (n % 300), ${columns} from xdocs, generate_series($3::int, $4::int) n
      where id = $1`,
    [modelId, prefix, from, from + count - 1],
  );
}

beforeAll(async () => {
  // Every list of the supplier a thousand documents long, as the planner would see a real one.
  for (const [list, where] of Object.entries(INBOX_LIST_DOCUMENTS)) {
    const { rows } = await pool.query<{ id: number }>(`select id from xdocs where vendor_id = 1 and ${where} order by id limit 1`);
    expect([list, rows.length]).toEqual([list, 1]);
    await copyDocument(rows[0].id, `L${TAG}${list.length}${list.slice(-3)}`, 1, 1_000);
  }
  await pool.query('vacuum analyze xdocs');
});

afterAll(async () => {
  await pool.query(`delete from xdocs where tiny_mce like $1`, [`copy-%${TAG}%`]);
  await removeCreatedDocuments();
  await pool.end();
});

type Body = { xdocs: { docno: string }[]; resultPager: { totalResults: number; totalPages: number; totalCapped?: true } };

async function search(fragment: string): Promise<Body> {
  const response = await callRoute(ordersRoute, `/api/orders?docno=${fragment}&results=50`, { headers: await sessionHeaders(SUPPLIER) });
  expect(response.status).toBe(200);
  return (await response.json()) as Body;
}

it('counts a search exactly up to 1,000 matches, and past them says "more than 1,000"', async () => {
  expect(SEARCH_TOTAL_CAP).toBe(1_000);
  const model = await createOrder({ vendorCode: 'V0002', docno: `PO${TAG}C0`, docDate: '2026-06-30' });
  await copyDocument(model.id, `PO${TAG}`, 1, 999);

  const exact = await search(`PO${TAG}`);
  expect(exact.resultPager).toEqual({ results: 50, resultPage: 1, totalPages: 20, totalResults: 1_000 });
  expect(exact.xdocs[0].docno).toBe(`PO${TAG}C0`); // the newest first

  await copyDocument(model.id, `PO${TAG}`, 1_000, 1);
  const capped = await search(`PO${TAG}`);
  expect(capped.resultPager).toEqual({ results: 50, resultPage: 1, totalPages: 20, totalResults: 1_000, totalCapped: true });
  expect(capped.xdocs).toHaveLength(50);
  expect(capped.xdocs.every((d) => d.docno.includes(TAG))).toBe(true);
});

/** The page statement of `list` searched for `fragment` by the supplier, as the portal plans it (for its values). */
async function planOf(list: InboxListName, fragment: string): Promise<string> {
  const vendors = await Promise.all(['V0001', 'V0002'].map(async (code) => (await vendorByCode(code)).id));
  const scope = new Scope({ kind: 'vendors', read: vendors, write: vendors });
  const filter = inboxFilterSchema.parse({ docno: fragment });
  const { sql, params } = new PgDialect({ casing: 'snake_case' }).sqlToQuery(summariesPageJsonQuery(inboxPageQuery(scope, list, filter)));
  const client = await pool.connect();
  try {
    await client.query('begin');
    // Each list holds a thousand more documents (beforeAll), still a small table: with its own scan out
    // of the way, the planner picks an index as it does for a real list.
    for (const scan of ['seqscan']) await client.query(`set local enable_${scan} = off`);
    await client.query('set local plan_cache_mode = force_custom_plan');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
    await client.query('rollback');
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    client.release();
  }
}

it.each(Object.keys(INBOX_LISTS) as InboxListName[])(
  "searches %s for three or four characters in that list's index of number pieces",
  async (list) => {
    const index = `xdocs_inbox_${list}_search_idx`;
    for (const fragment of ['4632', '463', 'po0000083']) {
      const plan = await planOf(list, fragment);
      expect([fragment, plan]).toEqual([fragment, expect.stringContaining(index)]);
    }
  },
);

it('cuts numbers into pieces by vendor, in lower case, as the index and the search both do', async () => {
  const { rows } = await pool.query<{ grams: string[]; fragment: string[]; short: string[] }>(
    `select docno_vendor_grams(7, 'PO0083a') as grams, docno_fragment_grams(7, '0083A') as fragment, docno_fragment_grams(7, 'O00') as short`,
  );
  const pieces = ['po0', 'o00', '008', '083', '83a', 'po00', 'o008', '0083', '083a'];
  expect(rows[0].grams.sort()).toEqual(pieces.map((p) => `7:${p}`).sort());
  expect(rows[0].fragment.sort()).toEqual(['7:0083', '7:083a']);
  expect(rows[0].short).toEqual(['7:o00']);
});

import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { db, pool } from '../db/client';
import { actorOfUser } from '../lib/auth/actor';
import { historySearch } from '../lib/domain/history/queries';
import { historyFilterSchema } from '../lib/domain/history/schemas';

/**
 * The history's totals (issue 30; `npm run bench` runs it): for every filter alone, the bench's pairs and
 * one combination no counter holds, EXPLAIN ANALYZE (median of 3 warm runs) of the total as the portal
 * computes it (a counter sum, or a count up to 10,001) beside the exact count(*) over the documents, which
 * is what a total costs without counters and grows with the matching documents.
 *
 *   DATABASE_URL=… npx tsx bench/history-totals.ts [--markdown <file>]
 */
const { values } = parseArgs({ options: { markdown: { type: 'string' } } });

const { rows: staff } = await pool.query<{ id: number }>("select id from users where email = 'staff@portal.test'");
const actor = await actorOfUser(staff[0].id);
if (!actor) throw new Error('staff@portal.test is missing: seed the database first');
const { rows: picks } = await pool.query(`select
  (select id from subsidiaries order by id limit 1) as subsidiary,
  (select code from vendors order by id limit 1) as vendor,
  (select store_id from history_store_counts where store_id <> 0 group by 1 order by sum(total) desc limit 1) as store,
  (select region_id from history_store_counts where region_id <> 0 limit 1) as region,
  (select division_id from history_store_counts where division_id <> 0 limit 1) as division,
  (select tiny_mce from subsidiaries order by id limit 1) as custaccount`);
const p = picks[0];
const month = 'fromDate=2026-03-01&toDate=2026-03-31';
const FILTERS: [string, string][] = [
  ['unfiltered', ''],
  ['type', 'xdocTypeCode=invoice'],
  ['status', 'wfStatusCode=outstanding'],
  ['store', `store=${p.store}`],
  ['subsidiary', `subsidiary=${p.subsidiary}`],
  ['region', `region=${p.region}`],
  ['division', `division=${p.division}`],
  ['customer account', `custaccountTinyMce=${encodeURIComponent(p.custaccount)}`],
  ['date range (a month)', month],
  ['type + date range (a quarter)', 'xdocTypeCode=invoice&fromDate=2026-01-01&toDate=2026-03-31'],
  ['subsidiary + vendor', `subsidiary=${p.subsidiary}&vendorCode=${p.vendor}`],
  ['store + status', `store=${p.store}&wfStatusCode=outstanding`],
  ['subsidiary + type', `subsidiary=${p.subsidiary}&xdocTypeCode=order`],
  ['subsidiary + status', `subsidiary=${p.subsidiary}&wfStatusCode=confirmed`],
  ['store + date range', `store=${p.store}&${month}`],
  ['vendor + date range (no counter)', `subsidiary=${p.subsidiary}&vendorCode=${p.vendor}&${month}`],
];

/** The statement's execution time: the median of 3 runs after one to warm up. */
async function executionMs(statement: SQL): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < 4; run++) {
    const { rows } = await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, timing off) ${statement}`);
    if (run > 0) times.push(Number(/Execution Time: ([\d.]+)/.exec(rows.map((r) => r['QUERY PLAN']).join('\n'))?.[1]));
  }
  return times.sort((a, b) => a - b)[1];
}

const rows: string[] = [];
for (const [name, query] of FILTERS) {
  const filter = historyFilterSchema.parse(Object.fromEntries(new URLSearchParams(query)));
  const { where, total, capped } = await historySearch(actor.scope, filter);
  const count = sql`select count(*)::int as n from xdocs where ${where}`;
  const [{ n }] = (await db.execute<{ n: number }>(count)).rows;
  const [counted, now] = [await executionMs(count), await executionMs(sql`select ${total}`)];
  const from = capped === null ? 'counters' : `count up to ${(capped + 1).toLocaleString('en-ZA')}`;
  rows.push(
    `| ${name} | \`${query}\` | ${n.toLocaleString('en-ZA')} | ${counted} | ${now} | ${from} | ${(counted / now).toFixed(counted / now < 10 ? 1 : 0)}× |`,
  );
  console.log(rows.at(-1));
}
await pool.end();
const markdown = [
  'The total of each filter as the portal computes it, beside the exact count(*) over the matching documents (EXPLAIN ANALYZE, median of 3 warm runs, as `staff@portal.test`):',
  '',
  '| filter | query | matching documents | count(*) ms | total ms | from | ratio |',
  '|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
if (values.markdown) writeFileSync(values.markdown, markdown);

import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { db, pool } from '../db/client';
import { actorOfUser } from '../lib/auth/actor';
import { historyPageStatement } from '../lib/domain/history/queries';
import { historyFilterSchema } from '../lib/domain/history/schemas';
import { env } from '../lib/env';
import { encodeSession, SESSION_COOKIE } from '../lib/auth/session';
import { addMonths, endOfMonth, format, parseISO, startOfMonth, subMonths } from 'date-fns';
import { load, round } from './load';
import { randomSource } from './requests';

/**
 * The history's benchmark (issue 10; `npm run bench` runs it against its server): GET /history/documents as portal staff
 * against a running server on a big seed (`npm run db:seed -- --documents 1000000`), for the unfiltered
 * first page, a deep page, three filter combinations and the one-box search, each with its p95 (every
 * response time kept) for one user alone and for CONNS (20) connections at once, each scenario many
 * different requests (other users, pages and filter values); then one GET /history/createReport of about --report-rows rows, timed, with the web
 * processes' peak RSS (summed) sampled from /proc when --pids names them. Pages are computed afresh on every request
 * (there is no page cache to turn off).
 *
 *   DATABASE_URL=… npx tsx bench/history.ts --base http://127.0.0.1:3000 [--seconds 10] [--pids <web pid>,…] [--markdown <file>]
 */
const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:3000' },
    seconds: { type: 'string', default: '10' },
    email: { type: 'string', default: 'staff@portal.test' },
    /** The web processes (comma-separated pids) whose RSS, summed, is sampled while the report streams. */
    pids: { type: 'string' },
    /** Writes the result as a markdown section to this file (`npm run bench` embeds it). */
    markdown: { type: 'string' },
    'report-rows': { type: 'string', default: '100000' },
  },
});

const client = new pg.Client({ connectionString: env.DATABASE_URL });
await client.connect();
// The retailer's users: portal staff (every document) and the demo customer users (their subsidiaries).
const STAFF_EMAILS = [...new Set([values.email, 'retail.admin@portal.test', 'retail.user@portal.test'])];
const { rows: users } = await client.query<{ id: number; name: string; email: string; sessionVersion: number }>(
  'select id, name, email, session_version as "sessionVersion" from users where email = any($1) order by email = $2 desc, id',
  [STAFF_EMAILS, values.email],
);
const { rows: picks } = await client.query(`select
  (select id from subsidiaries order by id limit 1) as subsidiary,
  (select v.code from vendors v order by v.id limit 1) as vendor,
  (select store_id from xdocs where store_id is not null group by store_id order by count(*) desc limit 1) as store,
  (select docno from xdocs order by id desc limit 1) as docno,
  (select region_id from xdocs where region_id is not null limit 1) as region,
  (select division_id from xdocs where division_id is not null limit 1) as division,
  (select tiny_mce from subsidiaries order by id limit 1) as custaccount,
  (select count(*)::int from xdocs) as total,
  (select array_agg(id order by id) from subsidiaries) as subsidiaries,
  (select array_agg(code order by id) from (select id, code from vendors order by id limit 25) v) as vendors,
  (select array_agg(store_id) from (select store_id from xdocs where store_id is not null group by store_id order by count(*) desc limit 40) s) as stores,
  (select array_agg(distinct wf_status_code) from history_counts) as statuses,
  (select array_agg(distinct xdoc_type_code) from history_counts) as types,
  (select array_agg(docno) from (select docno from xdocs tablesample system (0.5) repeatable (7) limit 120) d) as docnos,
  (select max(doc_date)::text from xdocs) as newest`);
const p = picks[0];
// A date range that holds about --report-rows documents, newest first.
const { rows: range } = await client.query('select doc_date::text as "from" from xdocs order by doc_date desc offset $1 limit 1', [
  Number(values['report-rows']),
]);
await client.end();

const headersOf = async (user: (typeof users)[number]) => ({
  cookie: `${SESSION_COOKIE}=${await encodeSession(user)}`,
  'x-requested-with': 'XMLHttpRequest',
  'accept-encoding': 'gzip',
});
const staffHeaders = await headersOf(users[0]);
const everyonesHeaders = await Promise.all(users.map(headersOf));

/**
 * Each scenario is many requests, made up front and asked in turn, so no two consecutive requests ask for
 * the same page (what users do; nothing is cached to be helped by repeats): the first page as each of the
 * retailer's users, deep pages anywhere in the middle fifth, and the filters with other types, quarters,
 * subsidiaries, vendors, stores, statuses and numbers. The first request of each is the one its plan shows.
 */
type Variant = { path: string; headers: Record<string, string> };
const random = randomSource(10);
const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
const VARIANTS = 60;
const variants = (first: string, make: () => string, headers: () => Record<string, string> = () => staffHeaders): Variant[] => [
  { path: first, headers: staffHeaders },
  ...Array.from({ length: VARIANTS - 1 }, () => ({ path: make(), headers: headers() })),
];
const quarter = () => {
  const start = subMonths(parseISO(p.newest), 3 + Math.floor(random() * 12));
  return `fromDate=${format(startOfMonth(start), 'yyyy-MM-dd')}&toDate=${format(endOfMonth(addMonths(start, 2)), 'yyyy-MM-dd')}`;
};
const pages = Math.floor(p.total / 50);
const deepPage = Math.max(1, Math.floor(pages / 2));
let turn = 0;
const scenarios: [string, Variant[]][] = [
  [
    'unfiltered, first page',
    variants(
      '/history/documents?results=50',
      () => '/history/documents?results=50',
      () => everyonesHeaders[turn++ % everyonesHeaders.length],
    ),
  ],
  [
    'unfiltered, a deep page',
    variants(
      `/history/documents?results=50&page=${deepPage}`,
      () => `/history/documents?results=50&page=${Math.round(pages * (0.4 + random() * 0.2))}`,
    ),
  ],
  [
    'type + date range',
    variants(
      '/history/documents?xdocTypeCode=invoice&fromDate=2026-01-01&toDate=2026-03-31',
      () => `/history/documents?xdocTypeCode=${pick(p.types)}&${quarter()}`,
    ),
  ],
  [
    'subsidiary + vendor',
    variants(
      `/history/documents?subsidiary=${p.subsidiary}&vendorCode=${p.vendor}`,
      () => `/history/documents?subsidiary=${pick(p.subsidiaries)}&vendorCode=${pick(p.vendors)}`,
    ),
  ],
  [
    'store + status',
    variants(
      `/history/documents?store=${p.store}&wfStatusCode=outstanding`,
      () => `/history/documents?store=${pick(p.stores)}&wfStatusCode=${pick(p.statuses)}`,
    ),
  ],
  [
    'one-box search',
    variants(`/history/find?number=${encodeURIComponent(p.docno)}`, () => `/history/find?number=${encodeURIComponent(pick(p.docnos))}`),
  ],
];

/** Every filter alone and the common pairs: their plans only (each should read an index in page order). */
const planOnly: [string, string][] = [
  ['type', 'xdocTypeCode=invoice'],
  ['status', 'wfStatusCode=outstanding'],
  ['store', `store=${p.store}`],
  ['subsidiary', `subsidiary=${p.subsidiary}`],
  ['region', `region=${p.region}`],
  ['division', `division=${p.division}`],
  ['customer account', `custaccountTinyMce=${encodeURIComponent(p.custaccount)}`],
  ['date range', 'fromDate=2026-03-01&toDate=2026-03-31'],
  ['subsidiary + type', `subsidiary=${p.subsidiary}&xdocTypeCode=order`],
  ['subsidiary + status', `subsidiary=${p.subsidiary}&wfStatusCode=confirmed`],
  ['store + date range', `store=${p.store}&fromDate=2026-03-01&toDate=2026-03-31`],
].map(([name, query]) => [name, `/history/documents?${query}`]);

const seconds = Number(values.seconds);
const P95_TARGET_MS = 50;
const connections = Number(process.env.CONNS ?? 20);
// Every scenario once over, so the first measured is not the one that warms the route's code and plans.
const everything = scenarios.flatMap(([, list]) => list);
let warm = 0;
await load('warm-up', values.base, () => everything[warm++ % everything.length], { duration: 5, connections });
/**
 * Each scenario twice: one user searching alone (the latency a user sees), then `connections` at once
 * (the machine saturated: on 2 cores even the bare statements queue).
 */
const rows: string[] = [];
for (const [name, list] of scenarios) {
  const asked = (): (() => Variant) => {
    let i = 0;
    return () => list[i++ % list.length];
  };
  const label = list[0].path;
  const alone = await load(name, values.base, asked(), { duration: seconds, connections: 1, label });
  const crowd = await load(name, values.base, asked(), { duration: seconds, connections, label });
  console.log(
    `${name.padEnd(26)} 1 connection: p50 ${alone.p50} ms  p95 ${alone.p95} ms; ${connections}: p50 ${crowd.p50} ms  p95 ${crowd.p95} ms  ${crowd.rps} req/s`,
  );
  const failures = alone.errors + alone.non2xx + crowd.errors + crowd.non2xx;
  const verdict = (p95: number) => (p95 < P95_TARGET_MS && failures === 0 ? 'met' : 'MISSED');
  rows.push(
    `| ${name} | \`${label}\` and ${list.length - 1} more | ${alone.p50} | ${alone.p95} | ${crowd.rps} | ${crowd.p50} | ${crowd.p95} | ${crowd.p99} | ${failures} | ${verdict(alone.p95)} / ${verdict(crowd.p95)} |`,
  );
}

// The report: time to the last byte, and the web processes' peak RSS (summed) while it streams.
const pids = (values.pids ?? '').split(',').filter(Boolean);
const rssOf = (pid: string) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const rss = () => pids.reduce((sum, pid) => sum + rssOf(pid), 0);
const before = rss();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);
const started = performance.now();
const response = await fetch(`${values.base}/history/createReport?fromDate=${range[0]?.from ?? '0001-01-01'}`, { headers: staffHeaders });
let bytes = 0;
for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length;
clearInterval(sampler);
const reportSeconds = (performance.now() - started) / 1000;
const reportRows = Number(response.headers.get('x-report-rows'));
const growth = peak - before;
const reportMet = response.ok && reportSeconds < 20 && (!pids.length || growth < 250);
console.log(
  `report: ${reportRows} rows, ${round(bytes / 1e6)} MB in ${round(reportSeconds)} s` +
    (pids.length ? `, web RSS ${round(before)} → peak ${round(peak)} MB (+${round(growth)} MB)` : ''),
);
const markdown = [
  `On ${p.total.toLocaleString('en-ZA')} documents, ${seconds} s per scenario with 1 connection, then ${connections}. Each scenario is ` +
    `${VARIANTS} requests asked in turn: the first page as each of ${users.map((u) => `\`${u.email}\``).join(', ')}; the others as ` +
    `\`${values.email}\`, deep pages anywhere in the middle fifth of the list, the filters with other types, quarters, ` +
    'subsidiaries, vendors, stores, statuses and numbers (the first request of each is the one whose plan is shown below):',
  '',
  `| scenario | request | 1 conn. p50 ms | 1 conn. p95 ms | ${connections} conn. req/s | p50 ms | p95 ms | p99 ms | errors, non-2xx | p95 < 50 ms (1 / ${connections} conn.) |`,
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  `The report \`GET /history/createReport\` of ${reportRows.toLocaleString('en-ZA')} rows × 15 columns: ${round(bytes / 1e6)} MB in ` +
    `${round(reportSeconds)} s` +
    (pids.length ? `; the web processes' RSS ${round(before)} → peak ${round(peak)} MB (+${round(growth)} MB)` : '') +
    ` (target < 20 s, RSS growth < 250 MB): ${reportMet ? 'met' : 'MISSED'}.`,
].join('\n');

// The plan of each list's page statement, as the route runs it (planned for its values), with its real time.
const actor = await actorOfUser(users[0].id);
const plans: string[] = [];
const planRows: string[] = [];
for (const [name, path] of [...scenarios.map(([name, list]): [string, string] => [name, list[0].path]), ...planOnly]) {
  if (!actor || !path.startsWith('/history/documents')) continue;
  const filter = historyFilterSchema.parse(Object.fromEntries(new URL(path, values.base).searchParams));
  const { page } = await historyPageStatement(actor.scope, filter);
  const explained = await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, costs off, timing off) ${page}`);
  const lines = explained.rows.map((r) => r['QUERY PLAN']);
  const indexes = [
    ...new Set(lines.flatMap((l) => /(?:Index(?: Only)? Scan(?: Backward)? using|Bitmap Index Scan on) (\S+)/.exec(l)?.[1] ?? [])),
  ];
  const seqScan = lines.some((l) => /Seq Scan on xdocs/.test(l));
  const time = /Execution Time: ([\d.]+) ms/.exec(lines.join('\n'))?.[1] ?? '?';
  planRows.push(`| ${name} | \`${path.split('?')[1] ?? ''}\` | ${indexes.join(', ') || '—'} | ${seqScan ? 'yes' : 'no'} | ${time} |`);
  plans.push(`**${name}**\n\n\`\`\`\n${lines.join('\n')}\n\`\`\``);
}
await pool.end();
const planTable = [
  '| filter | query | indexes read | sequential scan of xdocs | execution ms (one run) |',
  '|---|---|---|---|---|',
  ...planRows,
].join('\n');
const withPlans = [
  markdown,
  "Each list's page statement (page and exact total in one statement), planned for its values as the route runs it:",
  planTable,
  '<details><summary>The plans (EXPLAIN ANALYZE)</summary>',
  plans.join('\n\n'),
  '</details>',
].join('\n\n');
console.log(planTable);
if (values.markdown) writeFileSync(values.markdown, withPlans);

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { env } from '../lib/env';
import { encodeSession, SESSION_COOKIE } from '../lib/auth/session';
import { load, round } from './load';

/**
 * The history's benchmark (issue 10; not part of `npm run bench`): GET /history/documents as portal staff
 * against a running server on a big seed (`npm run db:seed -- --documents 1000000`), for the unfiltered
 * first page, a deep page, three filter combinations and the one-box search, each with its p95 (every
 * response time kept); then one GET /history/createReport of about --report-rows rows, timed, with the web
 * process's peak RSS sampled from /proc when --pid names it. Pages are computed afresh on every request
 * (there is no page cache to turn off).
 *
 *   DATABASE_URL=… npx tsx bench/history.ts --base http://127.0.0.1:3000 [--seconds 10] [--pid <web pid>]
 */
const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:3000' },
    seconds: { type: 'string', default: '10' },
    email: { type: 'string', default: 'staff@portal.test' },
    pid: { type: 'string' },
    'report-rows': { type: 'string', default: '100000' },
  },
});

const client = new pg.Client({ connectionString: env.DATABASE_URL });
await client.connect();
const { rows: users } = await client.query('select id, name, email, session_version as "sessionVersion" from users where email = $1', [
  values.email,
]);
const { rows: picks } = await client.query(`select
  (select id from subsidiaries order by id limit 1) as subsidiary,
  (select v.code from vendors v order by v.id limit 1) as vendor,
  (select store_id from xdocs where store_id is not null group by store_id order by count(*) desc limit 1) as store,
  (select docno from xdocs order by id desc limit 1) as docno,
  (select count(*)::int from xdocs) as total`);
const p = picks[0];
// A date range that holds about --report-rows documents, newest first.
const { rows: range } = await client.query('select doc_date::text as "from" from xdocs order by doc_date desc offset $1 limit 1', [
  Number(values['report-rows']),
]);
await client.end();

const headers = {
  cookie: `${SESSION_COOKIE}=${await encodeSession(users[0])}`,
  'x-requested-with': 'XMLHttpRequest',
  'accept-encoding': 'gzip',
};
const deepPage = Math.max(1, Math.floor(p.total / 50 / 2));
const scenarios: [string, string][] = [
  ['unfiltered, first page', '/history/documents?results=50'],
  [`unfiltered, page ${deepPage}`, `/history/documents?results=50&page=${deepPage}`],
  ['type + date range', '/history/documents?xdocTypeCode=invoice&fromDate=2026-01-01&toDate=2026-03-31'],
  ['subsidiary + vendor', `/history/documents?subsidiary=${p.subsidiary}&vendorCode=${p.vendor}`],
  ['store + status', `/history/documents?store=${p.store}&wfStatusCode=outstanding`],
  ['one-box search', `/history/find?number=${encodeURIComponent(p.docno)}`],
];

const seconds = Number(values.seconds);
for (const [name, path] of scenarios) {
  const result = await load(name, values.base, () => ({ path, headers }), { duration: seconds, label: path });
  console.log(
    `${name.padEnd(26)} p50 ${result.p50} ms  p95 ${result.p95} ms  p99 ${result.p99} ms  ${result.rps} req/s  non-2xx ${result.non2xx}`,
  );
}

// The report: time to the last byte, and the web process's peak RSS while it streams.
let peak = 0;
const rss = () => {
  if (!values.pid) return 0;
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${values.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
};
const before = rss();
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);
const started = performance.now();
const response = await fetch(`${values.base}/history/createReport?fromDate=${range[0]?.from ?? '0001-01-01'}`, { headers });
let bytes = 0;
for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length;
clearInterval(sampler);
console.log(
  `report: ${response.headers.get('x-report-rows')} rows, ${round(bytes / 1e6)} MB in ${round((performance.now() - started) / 1000)} s` +
    (values.pid ? `, web RSS ${round(before)} → peak ${round(peak)} MB (+${round(peak - before)} MB)` : ''),
);

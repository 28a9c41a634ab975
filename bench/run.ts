import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import pg from 'pg';
import { migrateDatabase } from '../db/migrate';
import { seedDatabase } from '../db/seed/seed';
import { DEMO_PASSWORD } from '../db/seed/demo-accounts';
import { load, type LoadResult } from './load';

/**
 * `npm run bench`: a million documents, a production build, and autocannon at 20 connections against
 * the inbox list API (first and deep page, store filter) and the server-rendered inbox page, signed in
 * as supplier@portal.test. Writes docs/benchmarks.md.
 */
const url = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/portal_bench';
const documents = Number(process.env.BENCH_DOCUMENTS ?? 1_000_000);
const port = process.env.BENCH_PORT ?? '3200';
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 15);

async function prepare(): Promise<number> {
  await migrateDatabase(url);
  const started = Date.now();
  await seedDatabase({ databaseUrl: url, documents, log: (m) => console.log(m) });
  return (Date.now() - started) / 1000;
}

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/login`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

/** The next server must not start while this one still holds the port (it would measure this one). */
async function waitForServerGone(): Promise<void> {
  for (let i = 0; i < 60; i++) {
    try {
      await fetch(`${base}/login`);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not stop');
}

async function signIn(email: string): Promise<string> {
  const xsrf = 'bench-xsrf-token';
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
    },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return `${res.headers.get('set-cookie')!.split(';')[0]}; XSRF-TOKEN=${xsrf}`;
}

/** The store with the most open orders for the supplier, so the filtered list has several pages. */
async function busiestStore(): Promise<{ storeId: number; open: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(`
    select x.store_id, count(*)::int as open from xdocs x
    join user_vendors uv on uv.vendor_id = x.vendor_id join users u on u.id = uv.user_id and u.email = 'supplier@portal.test'
    where x.xdoc_type_code = 'order' and x.responded_at is null and coalesce(x.xdoc_sub_type_code, '') <> 'return'
    group by x.store_id order by open desc limit 1`);
  await client.end();
  return { storeId: rows[0].store_id, open: rows[0].open };
}

function table(results: LoadResult[]): string {
  const lines = [
    '| scenario | path | requests | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results)
    lines.push(`| ${r.name} | \`${r.path}\` | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} | ${r.non2xx} |`);
  return lines.join('\n');
}

const seedSeconds = await prepare();
if (!existsSync('.next/BUILD_ID') || process.env.BENCH_BUILD === '1') {
  const build = spawnSync('npx', ['next', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
/** Runs `npm start` with extra environment around `measure`, then stops it. */
async function withServer<T>(extraEnv: Record<string, string>, measure: () => Promise<T>): Promise<T> {
  const server = spawn('npm', ['start'], {
    env: { ...process.env, DATABASE_URL: url, APP_URL: base, PORT: port, HOST: '127.0.0.1', ...extraEnv },
    stdio: 'ignore',
    detached: true,
  });
  try {
    await waitForServer();
    return await measure();
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await waitForServerGone();
  }
}

const { storeId, open } = await busiestStore();
const results = 50;
const lastPage = Math.max(1, Math.ceil(open / results));
const firstPagePath = `/orders?store=${storeId}&results=${results}&page=1`;

async function headers() {
  const cookie = await signIn('supplier@portal.test');
  return { api: { cookie, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' }, page: { cookie, accept: 'text/html' } };
}

const measured = await withServer({}, async () => {
  const { api, page } = await headers();
  // Warm up the pools and the JIT of every web worker, on both paths, before measuring.
  await load('warm-up', `${base}${firstPagePath}`, api, { duration: 8 });
  await load('warm-up', `${base}/`, page, { duration: 10 });
  return [
    await load('orders, first page', `${base}${firstPagePath}`, api, { duration }),
    await load('orders, deep page', `${base}/orders?store=${storeId}&results=${results}&page=${lastPage}`, api, { duration }),
    await load('orders, deep page, no store filter', `${base}/orders?results=${results}&page=200`, api, { duration }),
    await load('inbox page (server-rendered)', `${base}/`, page, { duration }),
    await load('reference: smallest signed-in page', `${base}/history`, page, { duration }),
  ];
});
// The same first page computed on every request: what a page costs when it is not in memory.
measured.push(
  ...(await withServer({ INBOX_PAGE_CACHE: 'off' }, async () => {
    const { api, page } = await headers();
    await load('warm-up', `${base}${firstPagePath}`, api, { duration: 8 });
    await load('warm-up', `${base}/`, page, { duration: 10 });
    return [
      await load('orders, first page, page cache off', `${base}${firstPagePath}`, api, { duration }),
      await load('inbox page (server-rendered), page cache off', `${base}/`, page, { duration }),
    ];
  })),
);
const [first, deep, , inbox] = measured;
const inboxUncached = measured[measured.length - 1];
const verdicts = [
  `- list API p95 < 50 ms: ${first.p95} ms first page, ${deep.p95} ms deep page → ${first.p95 < 50 && deep.p95 < 50 ? 'met' : 'MISSED'}`,
  `- list API ≥ 300 req/s: ${first.rps} req/s → ${first.rps >= 300 ? 'met' : 'MISSED'}`,
  `- deep page no slower than 2× the first: p95 ratio ${(deep.p95 / first.p95).toFixed(2)} → ${deep.p95 <= 2 * first.p95 ? 'met' : 'MISSED'}`,
  `- inbox page p95 < 300 ms: ${inbox.p95} ms, ${inboxUncached.p95} ms with the page cache off → ${inbox.p95 < 300 && inboxUncached.p95 < 300 ? 'met' : 'MISSED'}`,
];
const report = `# Benchmarks

Measured by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores
(${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version},
PostgreSQL and Redis on the same machine. Database \`portal_bench\` with ${documents.toLocaleString('en-ZA')} documents
(seed took ${seedSeconds.toFixed(0)} s this run; 0 when the documents were already there). Production build served by \`npm start\` (server/main.ts),
autocannon with 20 connections for ${duration} s per scenario, signed in as supplier@portal.test (vendors V0001 and V0002),
store ${storeId} (${open} open orders, ${lastPage} pages of ${results}). Timings on this shared 2-core machine are noisy:
each figure is one run; compare ratios within the run.

${table(measured)}

Targets:
${verdicts.join('\n')}

${await readFile('bench/notes.md', 'utf8')}`;
await writeFile('docs/benchmarks.md', report);
console.log(report);

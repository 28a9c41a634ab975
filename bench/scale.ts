import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { load, type LoadResult } from './load';
import { benchRequests, cycle, WORKLOADS, type Workload } from './requests';
import { signIn } from './sign-in';
import { seedBenchSuppliers } from './suppliers';

/**
 * The history and the inbox at scale (issue 30): against a running server on a big seed (10,000,000 documents),
 * the inbox's list and part-number search workloads (bench/requests.ts, the API as the screens call it) at one
 * connection and at --connections, then the history's scenarios, filters and report (bench/history.ts). Run it
 * on the 1M and the 10M database in turn, with the same build, to compare.
 *
 *   DATABASE_URL=… npx tsx bench/scale.ts --base http://127.0.0.1:3200 [--seconds 10] [--markdown <file>]
 */
const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:3200' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    markdown: { type: 'string' },
  },
});
const url = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/portal_10m';
const base = values.base;
const duration = Number(values.seconds);
const connections = Number(values.connections);

const client = new pg.Client({ connectionString: url });
await client.connect();
// The planner's estimate: an exact count of ten million rows is itself a benchmark.
const { rows: sizeRows } = await client.query<{ n: string }>(`select reltuples::bigint as n from pg_class where relname = 'xdocs'`);
await client.end();
const documents = Number(sizeRows[0].n);

const suppliers = await seedBenchSuppliers(url);
const cookies = new Map<string, string>();
for (const supplier of suppliers) cookies.set(supplier.email, await signIn(base, supplier.email));
const inbox: LoadResult[] = [];
for (const workload of ['browse', 'search'] as Workload[]) {
  const requests = await benchRequests(url, suppliers, 120, workload);
  await load('warm-up', base, cycle(requests, cookies, 'api'), { duration: 4, connections });
  for (const conns of [1, connections]) {
    const result = await load(`inbox ${workload}, ${conns} connection(s)`, base, cycle(requests, cookies, 'api'), {
      duration,
      connections: conns,
      label: WORKLOADS[workload],
    });
    console.log(result);
    inbox.push(result);
  }
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-scale-'));
const historyFile = path.join(dir, 'history.md');
const run = spawnSync('npx', ['tsx', 'bench/history.ts', '--base', base, '--seconds', String(duration), '--markdown', historyFile], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
const history = run.status === 0 ? await readFile(historyFile, 'utf8') : `bench/history.ts failed (exit ${run.status}).`;
await rm(dir, { recursive: true, force: true });

const rows = inbox.map(
  (r) => `| ${r.name} | ${r.path} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
);
const section = [
  `Database: about ${documents.toLocaleString('en-ZA')} documents (the planner's count).`,
  '',
  '| scenario | what | requests | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  history,
].join('\n');
if (values.markdown) await writeFile(values.markdown, section);
console.log(section);
process.exit(0);

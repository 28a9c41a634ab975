import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrateDatabase } from '../db/migrate';
import { seedDatabase } from '../db/seed/seed';
import { readCpu, withCpuCost, type CpuCost } from './cpu';
import { measureInvoiceSubmissions } from './invoicing';
import { load, type LoadResult } from './load';
import { runPgbench } from './pgbench';
import { median } from './stats';
import { benchRequests, cycle, RESULTS, WORKLOADS, type BenchRequest, type Workload } from './requests';
import { signIn } from './sign-in';
import { seedBenchSuppliers, type BenchSupplier } from './suppliers';

/**
 * `npm run bench`: a million documents, a production build served by `npm start`, and many suppliers
 * at once, each signed in with its own session, each request a different inbox tab, store filter and
 * page (as gzip-accepting browsers ask), plainly listed, sorted by a column, or searched by part of a
 * number (bench/requests.ts). The reference is pgbench sending the very page statements of those
 * requests at the same concurrency; rounds alternate the two so both see the machine in one state.
 * Writes docs/benchmarks.md. BENCH_SECONDS, BENCH_ROUNDS and CONNS change the run's length and load.
 */
// A production server refuses the public default secret; the children that make sessions (history.ts) share this one.
process.env.NEXTAUTH_SECRET ??= randomBytes(32).toString('base64url');
const url = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/portal_bench';
const documents = Number(process.env.BENCH_DOCUMENTS ?? 1_000_000);
const port = process.env.BENCH_PORT ?? '3200';
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.CONNS ?? 20);
const roundCount = Number(process.env.BENCH_ROUNDS ?? 3);

async function prepare(): Promise<number> {
  await migrateDatabase(url);
  const started = Date.now();
  await seedDatabase({ databaseUrl: url, documents, log: (m) => console.log(m) });
  return (Date.now() - started) / 1000;
}

async function waitFor(up: boolean): Promise<void> {
  for (let i = 0; i < 240; i++) {
    const answering = await fetch(`${base}/login`).then(
      (r) => r.ok,
      () => false,
    );
    if (answering === up) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(up ? 'server did not start' : 'server did not stop');
}

/** The processes below `root` that have no children of their own: the web processes of `npm start`. */
function leafProcesses(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  // tsx (`npm start` runs server/main.ts through it) gives each node process an esbuild service child: not a web process.
  const comm = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      return '';
    }
  };
  const below = (pid: number): number[] =>
    [...parentOf].filter(([child, parent]) => parent === pid && comm(child) !== 'esbuild').map(([child]) => child);
  const leaves: number[] = [];
  const visit = (pid: number) => {
    const children = below(pid);
    if (children.length === 0 && pid !== root) leaves.push(pid);
    children.forEach(visit);
  };
  visit(root);
  return leaves;
}

/**
 * Runs one of the areas' own benchmark scripts (bench/history.ts …) as a child, its output shown as it
 * comes, and answers the markdown section it wrote.
 */
async function runScript(script: string, args: string[]): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const file = path.join(dir, 'section.md');
  try {
    const run = spawnSync('npx', ['tsx', script, ...args, '--markdown', file], {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: url, QUEUE_PREFIX: 'portal-bench' },
    });
    if (run.status !== 0) return `\`${script}\` failed (exit ${run.status}); see its output.`;
    return await readFile(file, 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs `npm start` around `measure`, then stops it and waits until the port is free. */
async function withServer<T>(measure: (serverPid: number) => Promise<T>): Promise<T> {
  const server = spawn('npm', ['start'], {
    env: { ...process.env, DATABASE_URL: url, APP_URL: base, PORT: port, HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    await waitFor(true);
    return await measure(server.pid!);
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await waitFor(false);
  }
}

/** A round's reference: pgbench with the round's statements, and how busy it kept the machine (/proc/stat). */
function measureReference(requests: BenchRequest[], workload: Workload): LoadResult & { busyShare: number } {
  const before = readCpu();
  const started = performance.now();
  const result = runPgbench(url, requests, { clients: connections, duration, plannedForValues: workload === 'search' });
  const wallMs = performance.now() - started;
  return { ...result, busyShare: (readCpu().machineMs - before.machineMs) / (wallMs * os.cpus().length) };
}

/**
 * The floor under every API request: the same load and headers against an address no handler serves
 * (`/no-such-resource` as an XHR, rewritten to /api and answered by the catch-all route's JSON 404 through
 * route()): Next's own handling and the load generator's share, with no session, no database and no body
 * worth compressing.
 */
async function measureFloor(webPids: number[]): Promise<LoadResult & { cpu: CpuCost }> {
  const request = { path: '/no-such-resource', headers: { 'x-requested-with': 'XMLHttpRequest', 'accept-encoding': 'gzip' } };
  await load('warm-up', base, () => request, { duration: 3, connections });
  return withCpuCost(
    webPids,
    () => load('an API answer that does nothing', base, () => request, { duration, connections, label: 'GET /no-such-resource' }),
    (r) => r.requests,
  );
}

/**
 * What one browse request costs the machine (all its cores, the load generator included) against what
 * the target allows: at 25% of the reference's rate a request may cost four of its statements.
 */
function costsSection({ middle }: Measured, floor: LoadResult & { cpu: CpuCost }): string {
  const cores = os.cpus().length;
  const statementMs = (1000 * cores * middle.reference.busyShare) / middle.reference.rps;
  const ms = (value: number) => value.toFixed(2);
  const budget = 4 * statementMs;
  const fixed = floor.cpu.machineMs + statementMs;
  return [
    '| per request | req/s | p95 ms | machine CPU ms (all cores) | of which the web processes, ms |',
    '|---|---|---|---|---|',
    `| list API, browse (median round) | ${middle.api.rps} | ${middle.api.p95} | ${ms(middle.api.cpu.machineMs)} | ${ms(middle.api.cpu.processesMs)} |`,
    `| an API answer that does nothing (\`${floor.path}\`: a JSON 404, no session, no database) | ${floor.rps} | ${floor.p95} | ${ms(floor.cpu.machineMs)} | ${ms(floor.cpu.processesMs)} |`,
    `| the page statement through pgbench (its round; the machine ${(middle.reference.busyShare * 100).toFixed(0)}% busy) | ${middle.reference.rps} | ${middle.reference.p95} | ${ms(statementMs)} | – |`,
    '',
    `At 25% of the reference's rate a list request may cost the machine 4 × ${ms(statementMs)} = ${ms(budget)} ms. ` +
      `Next's handling of an answer that does nothing, with the load generator's share, costs ${ms(floor.cpu.machineMs)} ms, ` +
      `and the page statement itself ${ms(statementMs)} ms: together ${ms(fixed)} ms, ${((fixed / budget) * 100).toFixed(0)}% of the allowance, ` +
      `leaving ${ms(budget - fixed)} ms for the rest of the request (the session's statement, the list's code, compressing and ` +
      `sending the page's JSON). The list request spends ${ms(middle.api.cpu.machineMs - fixed)} ms on that rest.`,
  ].join('\n');
}

function table(results: LoadResult[]): string {
  const lines = [
    '| scenario | what | requests | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results)
    lines.push(`| ${r.name} | ${r.path} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} | ${r.non2xx} |`);
  return lines.join('\n');
}

/** One round: the API under the workload, then its reference, back to back on the same machine. */
type Round = { api: LoadResult & { cpu: CpuCost }; reference: LoadResult & { busyShare: number }; ratio: number };
type Measured = { workload: Workload; rounds: Round[]; middle: Round };

const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

function roundsTable({ workload, rounds }: Measured): string {
  const lines = [
    `**${workload}** (${WORKLOADS[workload]})`,
    '',
    '| round | API req/s | API p50 ms | API p95 ms | API p99 ms | errors, non-2xx | pgbench statements/s | pgbench p95 ms | API ÷ pgbench |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  rounds.forEach(({ api, reference, ratio }, i) =>
    lines.push(
      `| ${i + 1} | ${api.rps} | ${api.p50} | ${api.p95} | ${api.p99} | ${api.errors}, ${api.non2xx} | ${reference.rps} | ${reference.p95} | ${percent(ratio)} |`,
    ),
  );
  return lines.join('\n');
}

const seedSeconds = await prepare();
const suppliers: BenchSupplier[] = await seedBenchSuppliers(url);
// pgbench takes at most 128 scripts: the API cycles through the same requests, in the same random order.
const workloads = Object.keys(WORKLOADS) as Workload[];
const requestsOf = new Map<Workload, BenchRequest[]>();
for (const workload of workloads) requestsOf.set(workload, await benchRequests(url, suppliers, 120, workload));
if (!existsSync('.next/BUILD_ID') || process.env.BENCH_BUILD === '1') {
  const build = spawnSync('npx', ['next', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { measured, floor, page, submissions, history, ingestion, webhooks } = await withServer(async (serverPid) => {
  const webPids = leafProcesses(serverPid);
  const cookies = new Map<string, string>();
  for (const supplier of suppliers) cookies.set(supplier.email, await signIn(base, supplier.email));
  const browse = requestsOf.get('browse')!;
  // Warm up every web process's pools and JIT on both paths before measuring.
  await load('warm-up', base, cycle(browse, cookies, 'api'), { duration: 8, connections });
  await load('warm-up', base, cycle(browse, cookies, 'page'), { duration: 8, connections });
  // Rounds alternate the API and its reference, so both see the machine in the same state; the median
  // round's ratio is the figure (a noisy neighbour moves one round, not the median).
  const measured: Measured[] = [];
  for (const workload of workloads) {
    const requests = requestsOf.get(workload)!;
    const label = `${requests.length} requests of ${suppliers.length} suppliers, ${WORKLOADS[workload]}`;
    const rounds: Round[] = [];
    // The workload's statements are new to the pool's connections: plan them before measuring, as the
    // reference does in its own warm-up (bench/pgbench.ts).
    await load('warm-up', base, cycle(requests, cookies, 'api'), { duration: 4, connections });
    for (let i = 0; i < roundCount; i++) {
      const api = await withCpuCost(
        webPids,
        () => load(`list API, ${workload}`, base, cycle(requests, cookies, 'api'), { duration, connections, label }),
        (r) => r.requests,
      );
      const reference = measureReference(requests, workload);
      rounds.push({ api, reference, ratio: api.rps / reference.rps });
    }
    const byRatio = [...rounds].sort((a, b) => a.ratio - b.ratio);
    measured.push({ workload, rounds, middle: byRatio[Math.floor(byRatio.length / 2)] });
  }
  const floor = await measureFloor(webPids);
  const label = `${browse.length} requests of ${suppliers.length} suppliers, ${WORKLOADS.browse}`;
  const page = await load('inbox page (server-rendered), many suppliers', base, cycle(browse, cookies, 'page'), {
    duration,
    connections,
    label,
  });
  const submissions = await measureInvoiceSubmissions(base, url, suppliers, cookies, { connections: 10, duration });
  const history = await runScript('bench/history.ts', ['--base', base, '--seconds', String(duration), '--pids', webPids.join(',')]);
  const ingestion = await runScript('bench/ingestion.ts', ['--base', base, '--pids', webPids.join(',')]);
  const webhooks = await runScript('bench/webhooks.ts', ['--base', base]);
  return { measured, floor, page, submissions, history, ingestion, webhooks };
});
// The worker's figures, on the same database with the web stopped (no worker runs: the scripts run the jobs).
const bulkApproval = await runScript('bench/bulk-approval.ts', ['--changes', '10000']);
const catalogue = await runScript('bench/catalogue.ts', []);
// The notifications' figures: a worker process of its own sends digests of 10,000 orders to an SMTP server of its own,
// on a database of its own (its orders and vendors stay out of the million documents).
const notifications = await runScript('bench/notifications.ts', [
  '--database',
  url.replace(/\/[^/]*$/, '/portal_bench_notify'),
  '--prepare',
]);
// The history's totals (issue 30): each filter's total beside the count(*) it would cost without counters.
const historyTotals = await runScript('bench/history-totals.ts', []);

const verdicts = measured.flatMap(({ workload, rounds, middle }) => {
  const p95 = median(rounds.map((r) => r.api.p95));
  return [
    `- ${workload}: list API p95 < 50 ms (median of the rounds): ${p95} ms → ${p95 < 50 ? 'met' : 'MISSED'}`,
    `- ${workload}: list API throughput ≥ 25% of the raw page statements' rate (median round): ${middle.api.rps} ÷ ${middle.reference.rps} = ${percent(middle.ratio)} → ${middle.ratio >= 0.25 ? 'met' : 'MISSED'}`,
  ];
});
verdicts.push(`- inbox page p95 < 300 ms: ${page.p95} ms → ${page.p95 < 300 ? 'met' : 'MISSED'}`);
verdicts.push(
  `- POST /invoices p95 < 150 ms at 10 concurrent submitters: ${submissions.p95} ms → ${submissions.p95 < 150 ? 'met' : 'MISSED'}`,
);

const report = `# Benchmarks

Measured by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores
(${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version},
PostgreSQL and Redis on the same machine. Database \`portal_bench\` with ${documents.toLocaleString('en-ZA')} documents
(seed took ${seedSeconds.toFixed(0)} s this run; about 0 when the documents were already there). Production build served by
\`npm start\` (its default web processes, one per core but one, every request through Next's own handler, no page cache),
${connections} connections for ${duration} s per measurement.

The load is ${suppliers.length} supplier administrators (one per vendor, each with its own session) and, per
workload, 120 requests drawn at random: an inbox tab (orders, return orders, orders to invoice, delivery notes, disputes,
remittances), half with a store filter, and a page among the list's first 40 (${RESULTS} rows each); the
sorted workload adds a sort column and direction, the search workload asks for four digits from the
middle of a document number instead. No two consecutive requests are alike, and every request carries
\`Accept-Encoding: gzip\`. The reference runs the very page statements of the same requests through
pgbench, prepared with generic plans as the portal's pool runs them, at the same concurrency, counted
after a warm-up in which every client has prepared every statement (planning one costs several times
running it, and the portal's connections keep their plans too). Each
workload runs ${roundCount} rounds of the API followed by its reference; the ratio of the median round is
the figure that carries to another machine (timings on this shared 2-core machine are noisy).

${measured.map(roundsTable).join('\n\n')}

The server-rendered inbox page under the browse workload:

${table([page])}

Invoices submitted (each a real submission: rules, order lock, document, lines, audit, activity):

${table([submissions])}

Targets:
${verdicts.join('\n')}

Where a list request's CPU goes (CPU time read from /proc around each measurement; the load generator runs
on the same machine, in the list's figures and the floor's alike):

${costsSection(
  measured.find((m) => m.workload === 'browse')!,
  floor,
)}

## History (issue 10): \`GET /history/documents\` and the report

${history}

${historyTotals}

## Integration API (issue 23)

${ingestion}

${webhooks}

## Bulk item approval (issue 13)

${bulkApproval}

## Catalogue upload and e-mailed download (issue 12)

Run by the worker's own processor in a child process (bundled as the worker image runs it), its peak RSS
sampled from /proc:

${catalogue}

## Notifications (issue 24)

${notifications}

${await readFile('bench/notes.md', 'utf8')}`;
await writeFile('docs/benchmarks.md', report);
console.log(report);

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadResult } from './load';
import { round } from './load';
import { percentile } from './stats';

/**
 * The reference: the statements the portal sends for the same requests, run by pgbench at the same
 * concurrency, prepared with generic plans as the portal's pool runs them. One script per request;
 * pgbench picks among them at random. Integer parameters are script variables, text ones global (-D).
 *
 * pgbench prepares every script's statement once per client, and planning one of these statements
 * (a join over a table with many indexes) costs several times running it: 20 clients × 120 scripts
 * take seconds of planning, where the portal's pool plans each distinct text once per connection and
 * keeps it. So the first `warmup` seconds (every client has met every script by then) are run but not
 * counted: the figures are the steady state, from pgbench's per-transaction log.
 */
export function runPgbench(
  url: string,
  statements: { sql: string; params: unknown[] }[],
  { clients = 20, duration = 15, threads = 2, warmup = 8, plannedForValues = false } = {},
): LoadResult {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-pgbench-'));
  const globals = new Map<string, string>();
  const files = statements.map(({ sql, params }, i) => {
    const lines: string[] = [];
    const names = params.map((value, n) => {
      if (typeof value === 'number' && Number.isInteger(value)) {
        lines.push(`\\set p${n + 1} ${value}`);
        return `p${n + 1}`;
      }
      const name = `s${createHash('sha1').update(String(value)).digest('hex').slice(0, 10)}`;
      globals.set(name, String(value));
      return name;
    });
    // pgbench reads a statement per line: fold the query onto one. It takes every ':word' for a variable,
    // even inside a string, so the time format's colons become another separator (the same work for to_char).
    const text = sql
      .replace(/HH24:MI:SS/g, 'HH24"-"MI"-"SS')
      .replace(/\$(\d+)/g, (_, n: string) => `:${names[Number(n) - 1]}`)
      .replace(/\s+/g, ' ');
    const file = path.join(dir, `request-${i}.sql`);
    writeFileSync(file, `${lines.join('\n')}\n${text};\n`);
    return file;
  });
  const target = new URL(url);
  const args = [
    '-n',
    '-M',
    'prepared',
    '-c',
    String(clients),
    '-j',
    String(threads),
    '-T',
    String(warmup + duration),
    '-l',
    '--log-prefix',
    path.join(dir, 'log'),
    ...files.flatMap((f) => ['-f', f]),
    ...[...globals].flatMap(([name, value]) => ['-D', `${name}=${value}`]),
    '-h',
    target.hostname,
    '-p',
    target.port || '5432',
    '-U',
    decodeURIComponent(target.username || 'postgres'),
    decodeURIComponent(target.pathname.slice(1)),
  ];
  // As the portal plans them: generic plans on its pool, or (docno searches) planned for their values
  // without parallel workers (queryPlannedForValues in db/client.ts).
  const options = plannedForValues
    ? '-c plan_cache_mode=force_custom_plan -c max_parallel_workers_per_gather=0'
    : '-c plan_cache_mode=force_generic_plan';
  const run = spawnSync('pgbench', args, { encoding: 'utf8', env: { ...process.env, PGOPTIONS: options } });
  if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr || run.stdout}`);
  const failed = Number(/number of failed transactions: (\d+)/.exec(run.stdout)?.[1] ?? 0);
  // Each log line: client, transaction no, latency in µs, script no, epoch seconds, µs.
  const entries = readdirSync(dir)
    .filter((f) => f.startsWith('log'))
    .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
    .map((line) => line.split(' ').map(Number))
    .filter((fields) => fields.length >= 6 && fields.every(Number.isFinite))
    .map(([, , latency, , seconds, micros]) => ({ latency: latency / 1000, at: seconds + micros / 1e6 }));
  const start = entries.reduce((first, e) => Math.min(first, e.at - e.latency / 1000), Infinity);
  const counted = entries.filter((e) => e.at >= start + warmup);
  const latencies = counted.map((e) => e.latency).sort((a, b) => a - b);
  const tps = counted.length / duration;
  rmSync(dir, { recursive: true, force: true });
  return {
    name: 'reference: the same page statements through pgbench',
    path: `${statements.length} statements, -M prepared, ${plannedForValues ? 'planned for their values' : 'generic plans'}`,
    requests: latencies.length,
    rps: Math.round(tps),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    errors: failed,
    non2xx: 0,
  };
}

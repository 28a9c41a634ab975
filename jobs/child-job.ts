import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UnrecoverableError } from 'bullmq';

/**
 * Work the worker runs in a child process of its own, with its own heap limit and a time limit (issue 29): a
 * hostile upload can exhaust the child, which then dies alone; the worker that started it lives on, fails the
 * job once with a message, and takes the next one.
 */

/** What a child reports before it exits: its job's result, or its error and whether a retry may help. */
export type ChildReport = { ok: unknown } | { error: string; retry: boolean };
/** How a child ended: with its report, or dead without one ('memory', 'time' or how it exited). */
export type ChildEnd = { report: ChildReport } | { died: string };
export type ChildLimits = { heapMb: number; timeoutMs: number };

/** At most this many children per worker, whatever its concurrency: each may grow to its heap limit. */
const MAX_CHILDREN = 2;

const here = fileURLToPath(import.meta.url);

/**
 * A child entry beside this module: jobs/<name>.ts run through tsx in development and tests, and in the worker
 * image dist/<name>.js, which `npm run build:bundles` writes beside dist/worker.js (this module is inside it).
 */
function entryOf(name: string): { file: string; loader: string[] } {
  const typescript = here.endsWith('.ts');
  return { file: path.join(path.dirname(here), `${name}.${typescript ? 'ts' : 'js'}`), loader: typescript ? ['--import', 'tsx'] : [] };
}

let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  while (running >= MAX_CHILDREN) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

/** V8 aborts (SIGABRT, exit code 134) when a heap limit is reached. */
const outOfMemory = (code: number | null, signal: NodeJS.Signals | null) => signal === 'SIGABRT' || code === 134;

/** Runs the child entry `name` with `args` within `limits`; resolves when it has exited, however it ended. */
export async function runInChild(name: string, args: string[], limits: ChildLimits): Promise<ChildEnd> {
  const release = await slot();
  try {
    return await new Promise<ChildEnd>((resolve) => {
      const { file, loader } = entryOf(name);
      const child = fork(file, args, {
        execArgv: [...loader, `--max-old-space-size=${limits.heapMb}`],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      let report: ChildReport | undefined;
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, limits.timeoutMs);
      child.on('message', (message) => (report = message as ChildReport));
      child.on('error', (error) => console.error(`[worker] child ${name}: ${error.message}`));
      // 'close', not 'exit': by then every message the child sent has arrived.
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        if (report) resolve({ report });
        else resolve({ died: timedOut ? 'time' : outOfMemory(code, signal) ? 'memory' : `exit ${signal ?? code}` });
      });
    });
  } finally {
    release();
  }
}

/**
 * The child's side: runs `work`, reports its result or error to the parent, and exits. When the parent dies, the
 * IPC channel closes and the child stops at once, so its transaction rolls back and the job's retry starts clean.
 */
export async function serveParent(work: () => Promise<unknown>, cleanup: () => Promise<void>): Promise<void> {
  process.on('disconnect', () => process.exit(1));
  let report: ChildReport;
  try {
    report = { ok: (await work()) ?? null };
  } catch (error) {
    report = { error: error instanceof Error ? error.message : String(error), retry: !(error instanceof UnrecoverableError) };
  }
  await cleanup();
  await new Promise<void>((resolve) => process.send!(report, () => resolve()));
  process.exit(0);
}

/** The end of a child as its job's result: its value, its error again (retried or not), or null when it died. */
export function resultOf(end: ChildEnd): { value: unknown } | null {
  if ('died' in end) return null;
  if ('ok' in end.report) return { value: end.report.ok };
  throw end.report.retry ? new Error(end.report.error) : new UnrecoverableError(end.report.error);
}

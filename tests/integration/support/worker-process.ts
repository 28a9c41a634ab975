import { spawn, type ChildProcess } from 'node:child_process';
import { Queue } from 'bullmq';
import { QUEUE_NAME, getRedis } from '../../../jobs/queue';

/**
 * The worker as production runs it, a process of its own (`node --import tsx jobs/worker.ts`), for tests
 * that kill it with SIGKILL and start it again (issue 14: the worker can die). The child inherits the
 * test's environment (its database) plus `env`: its queue prefix, SMTP server and lock time.
 */
const children = new Set<ChildProcess>();

export function startWorkerProcess(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'jobs/worker.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[worker child] ${chunk.toString()}`));
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** SIGKILL: no shutdown handler runs, the job is cut off wherever it is. Resolves once the process is gone. */
export function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** Kills every worker process a test started and left running. */
export async function killWorkerProcesses(): Promise<void> {
  await Promise.all([...children].map(killed));
}

export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The Message-ID header of a raw e-mail. */
export const messageIdOf = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '';

/** Empties the queue under `prefix` (jobs, locks, stalled sets) so a run starts and ends clean. */
export async function obliterateQueue(prefix: string): Promise<void> {
  const queue = new Queue(QUEUE_NAME, { connection: getRedis(), prefix });
  await queue.obliterate({ force: true });
  await queue.close();
}

import type { Job } from 'bullmq';
import { pool, setBackgroundSessions } from '../db/client';
import { isJobName, type OutboxJobData } from '../jobs/definitions';
import { processors } from '../jobs/processors';
import { defaultJobOptions } from '../jobs/queue';

/**
 * bench/catalogue.ts's worker: runs one outbox row through the worker's own processor for its job
 * (jobs/processors, every processor loaded as in jobs/worker.ts), once, in a process of its own so its
 * memory can be measured apart from the benchmark's. Prints one line `RESULT {json}`: the outcome, the
 * job's milliseconds, the RSS when the job began and the process's peak (process.resourceUsage().maxRSS).
 * bench/catalogue.ts bundles it as the image's dist/worker.js is bundled, or runs it under tsx:
 *
 *   DATABASE_URL=… node --import tsx bench/catalogue-worker.ts <job name> <outbox id>
 */
// A worker's sessions, as jobs/worker.ts has them: no statement or idle-in-transaction limit.
setBackgroundSessions();
const [name, id] = process.argv.slice(2);
if (!name || !isJobName(name) || !Number.isInteger(Number(id))) {
  console.error('usage: node --import tsx bench/catalogue-worker.ts <job name> <outbox id>');
  process.exit(2);
}

// What BullMQ hands the processor on a first delivery: only these fields are read (jobs/outbox-job.ts).
const job = { name, data: { outboxId: Number(id) }, attemptsMade: 0, opts: defaultJobOptions } as unknown as Job<OutboxJobData>;
const startRssMb = process.memoryUsage.rss() / 2 ** 20;
const started = performance.now();
try {
  const outcome = await processors[name](job);
  const ms = Math.round(performance.now() - started);
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(`RESULT ${JSON.stringify({ outcome, ms, startRssMb, maxRssMb })}`);
} finally {
  await pool.end();
}

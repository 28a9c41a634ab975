import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UnrecoverableError, type Job } from 'bullmq';
import { pool, setBackgroundSessions } from '../db/client';
import { env } from '../lib/env';
import { closeTransport } from '../emails/transport';
import { isJobName, type OutboxJobData } from './definitions';
import { startOutboxRelay } from './outbox-relay';
import { startPeriodic } from './periodic';
import { remindExpiringCertificates } from '../lib/domain/vendors/remind-expiring-certificates';
import { sendDueDigests } from '../lib/domain/notifications/send-digests';
import { remindUnansweredOrders } from '../lib/domain/notifications/remind-unanswered-orders';
import { deliverWebhooks } from './processors/deliver-webhooks';
import { processors } from './processors';
import { loggedJob } from '../lib/observability/job-log';
import { logger } from '../lib/observability/logger';
import { serveMetrics } from '../lib/observability/metrics-server';
import { QUEUE_NAME, chooseQueueBackend, closeQueue, createWorker, describeQueueBackend, logQueueError, type PortalWorker } from './queue';

export type WorkerOptions = {
  relayIntervalMs?: number;
  /** Kept below the pg pool size: the e-mail processor holds a connection while it sends. */
  concurrency?: number;
  /** Tests keep the pg pool open across several start/stop cycles. */
  closePool?: boolean;
  /** How soon a dead worker's jobs are taken over (WORKER_LOCK_MS). */
  lockMs?: number;
  /** How often due webhook deliveries are looked for (lib/domain/webhooks/deliver.ts). */
  webhookIntervalMs?: number;
  /** How often due notification digests are looked for (lib/domain/notifications/send-digests.ts). */
  digestIntervalMs?: number;
};
export type RunningWorker = { worker: PortalWorker; stop: () => Promise<void> };

/** How long shutdown waits for jobs in progress (container runtimes usually kill after 10–30 s). */
const DRAIN_MS = 20_000;
/** How long worker.close() may take once no job runs: it never resolves if the queue was never reachable. */
const CLOSE_MS = 2_000;

const HOUR_MS = 3_600_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Starts the BullMQ worker and the outbox relay loop; `stop()` drains running jobs and closes every connection. */
export async function startWorker({
  relayIntervalMs = 1000,
  concurrency = 5,
  closePool = true,
  lockMs = env.WORKER_LOCK_MS,
  webhookIntervalMs = 1000,
  digestIntervalMs = 10_000,
}: WorkerOptions = {}): Promise<RunningWorker> {
  // Before the first query: jobs run long statements and hold their outbox row's transaction (db/client.ts).
  setBackgroundSessions();
  // Counted here because BullMQ's own drain waits on the queue's store, which may be the thing that is down.
  let active = 0;
  const dispatch = async (job: Job<OutboxJobData>): Promise<unknown> => {
    if (!isJobName(job.name)) throw new UnrecoverableError(`No processor for job '${job.name}'`);
    active += 1;
    try {
      const processor = processors[job.name];
      return await loggedJob(job, () => processor(job));
    } finally {
      active -= 1;
    }
  };
  const worker = await createWorker(dispatch, { concurrency, lockMs });
  // BullMQ's own verdict, also for a job it gave up on after workers died under it (each run logs its own line).
  worker.on('failed', (job, error) =>
    logger.error({ component: 'worker', job: job?.name, jobId: job?.id, attempts: job?.attemptsMade, error }, 'job failed'),
  );
  const stopRelay = startOutboxRelay(relayIntervalMs);
  const stopCertificateSweep = startPeriodic('B-BBEE expiry reminders', remindExpiringCertificates, HOUR_MS);
  const stopWebhooks = startPeriodic('webhook deliveries', () => deliverWebhooks(), webhookIntervalMs);
  // Notification digests: a user's e-mail leaves within NOTIFY_DIGEST_SECONDS plus this interval.
  const stopDigests = startPeriodic('notification digests', () => sendDueDigests(), digestIntervalMs);
  // Hourly, like the certificate sweep: each order is reminded once per user (a unique index), so "daily" holds.
  const stopOrderReminders = startPeriodic('order reminders', () => remindUnansweredOrders(), HOUR_MS);
  const backend = describeQueueBackend(await chooseQueueBackend());
  console.log(`[worker] listening on queue '${QUEUE_NAME}', ${backend}, relay every ${relayIntervalMs} ms`);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const closing = worker.close().catch(logQueueError); // stops fetching jobs at once
      await stopRelay();
      await stopCertificateSweep();
      await stopWebhooks();
      await stopDigests();
      await stopOrderReminders();
      // Let jobs in progress finish so no e-mail is cut off between sending and being marked done.
      for (const deadline = Date.now() + DRAIN_MS; active > 0 && Date.now() < deadline;) await sleep(100);
      if (active > 0) console.error(`[worker] ${active} job(s) still running at shutdown; BullMQ will retry them`);
      await Promise.race([closing, sleep(CLOSE_MS)]);
      await closeQueue();
      closeTransport();
      if (closePool) await pool.end();
      console.log('[worker] stopped');
    })());
  return { worker, stop };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  // Not top-level await: Jest compiles this file to CommonJS when tests import startWorker.
  const running = startWorker();
  // The jobs and e-mails this worker ran, for Prometheus (docs/operations.md).
  if (env.WORKER_METRICS_PORT) void serveMetrics(env.WORKER_METRICS_PORT, env.METRICS_TOKEN).then((server) => server.unref());
  let shuttingDown = false;
  const shutdown = (signal: string) => {
    // `on`, not `once`: a wrapper (npm, tsx) may relay the same signal again, and a second one unheard would kill mid-drain.
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`[worker] ${signal}: shutting down`);
    running
      .then(({ stop }) => stop())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  running.catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

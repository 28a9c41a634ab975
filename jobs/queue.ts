import { Queue, type DefaultJobOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { env } from '../lib/env';
import type { OutboxJobData } from './definitions';

export const QUEUE_NAME = 'portal';

export const defaultJobOptions: DefaultJobOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2000 }, // 2 s … ~4 min: rides out a short SMTP or network outage
  // Completed jobs stay an hour so a late re-relay of the same outbox id is still deduplicated by job id.
  removeOnComplete: { age: 3600, count: 10000 },
  removeOnFail: false, // failed jobs are kept for inspection and manual retry
};

let redis: Redis | undefined;
let queue: Queue<OutboxJobData> | undefined;
let lastRedisError = '';

/** ioredis and BullMQ repeat the same error on every reconnect attempt; log only changes. */
export function logRedisError(error: Error): void {
  if (error.message !== lastRedisError) console.error(`[redis] ${error.message}`);
  lastRedisError = error.message;
}

/** The process's Redis connection, created on first use so importing job code never connects. */
export function getRedis(): Redis {
  if (!redis) {
    // BullMQ requires maxRetriesPerRequest: null: commands wait for a reconnect instead of failing mid-job.
    redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
    redis.on('error', logRedisError);
    redis.on('ready', () => (lastRedisError = ''));
  }
  return redis;
}

/** The one queue all jobs go to; job name = outbox kind, job id = 'outbox-' + row id. */
export function getQueue(): Queue<OutboxJobData> {
  if (!queue) {
    queue = new Queue<OutboxJobData>(QUEUE_NAME, { connection: getRedis(), prefix: env.QUEUE_PREFIX, defaultJobOptions });
    queue.on('error', logRedisError); // an 'error' event without a listener would crash the process
  }
  return queue;
}

/** Closes the queue and the shared Redis connection (BullMQ never closes a connection it was given). */
export async function closeQueue(): Promise<void> {
  const [q, r] = [queue, redis];
  queue = undefined;
  redis = undefined;
  await q?.close();
  if (r && r.status !== 'end') await r.quit().catch(() => r.disconnect());
}

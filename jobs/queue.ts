import {
  Backoffs,
  Queue,
  Worker,
  createPostgresBackend,
  withBackend,
  type DefaultJobOptions,
  type JobsOptions,
  type PostgresPoolConfig,
  type Processor,
} from 'bullmq';
import { Redis } from 'ioredis';
import { env } from '../lib/env';
import { answersAt } from '../lib/net/ports';
import type { JobName, OutboxJobData } from './definitions';

export const QUEUE_NAME = 'portal';

export const defaultJobOptions: DefaultJobOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2000 }, // 2 s … ~4 min: rides out a short SMTP or network outage
  // Completed jobs stay an hour so a late re-relay of the same outbox id is still deduplicated by job id.
  removeOnComplete: { age: 3600, count: 10000 },
  removeOnFail: false, // failed jobs are kept for inspection and manual retry
};

/**
 * What a kind of job changes of the defaults. An e-mail rides out an SMTP server down for half an hour (issue 24:
 * ten minutes of outage, everything delivered after): 11 attempts, the last 2,046 s (34 min) after the first
 * failure, with at most 17 min between the server's return and the next try (docs/architecture.md "Notifications").
 */
export const jobOptionsByKind: Partial<Record<JobName, Pick<JobsOptions, 'attempts' | 'backoff'>>> = {
  'send-email': { attempts: 11 },
};

/** A job's options as the relay adds it: the defaults with its kind's own. */
export const jobOptionsOf = (kind: JobName): JobsOptions => ({ ...defaultJobOptions, ...jobOptionsByKind[kind] });

/** The wait before each retry of a job with these options, in ms, as BullMQ computes it (backoff without jitter). */
export function retryDelaysMs({ attempts = 1, backoff }: Pick<JobsOptions, 'attempts' | 'backoff'>): number[] {
  const normalized = backoff === undefined ? undefined : Backoffs.normalize(backoff);
  return Array.from({ length: attempts - 1 }, (_, retry) => {
    const delay = normalized ? Backoffs.calculate(normalized, retry + 1, new Error('retry'), {} as never) : 0;
    if (typeof delay !== 'number') throw new Error('retryDelaysMs computes built-in backoffs only');
    return delay;
  });
}

/**
 * Where the queue lives. BullMQ runs the same Queue and Worker classes on either backend, so the job
 * definitions, processors and the outbox relay never know which one it is; only this file does.
 */
export type QueueBackend = ({ kind: 'redis'; url: string } | { kind: 'postgres'; url: string; schema: string }) & { why: string };

// BullMQ's classes bound to its PostgreSQL backend; the plain Queue and Worker are bound to Redis.
const OnPostgres = withBackend(createPostgresBackend);
const newPostgresQueue = (connection: PostgresPoolConfig) =>
  new OnPostgres.Queue<OutboxJobData>(QUEUE_NAME, { connection, defaultJobOptions });
const newPostgresWorker = (processor: Processor<OutboxJobData>, connection: PostgresPoolConfig, options: WorkerSettings) =>
  new OnPostgres.Worker<OutboxJobData>(QUEUE_NAME, processor, { connection, ...options });
/** The portal calls only what both backends offer. */
export type PortalQueue = Queue<OutboxJobData> | ReturnType<typeof newPostgresQueue>;
export type PortalWorker = Worker<OutboxJobData> | ReturnType<typeof newPostgresWorker>;

let chosen: Promise<QueueBackend> | undefined;
let redis: Redis | undefined;
let queue: Promise<PortalQueue> | undefined;
let lastQueueError = '';

/** ioredis, pg and BullMQ repeat the same error on every reconnect attempt; log only changes. */
export function logQueueError(error: Error): void {
  if (error.message !== lastQueueError) console.error(`[queue] ${error.message}`);
  lastQueueError = error.message;
}

/** QUEUE_PREFIX namespaces Redis keys; on PostgreSQL the same name picks the schema the queue's tables live in. */
function schemaFor(prefix: string): string {
  return `bullmq_${prefix.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`.slice(0, 63);
}

async function decideBackend(): Promise<QueueBackend> {
  const redis = { kind: 'redis' as const, url: env.REDIS_URL };
  const postgres = { kind: 'postgres' as const, url: env.DATABASE_URL, schema: schemaFor(env.QUEUE_PREFIX) };
  if (env.QUEUE_BACKEND !== 'auto')
    return { ...(env.QUEUE_BACKEND === 'redis' ? redis : postgres), why: `QUEUE_BACKEND=${env.QUEUE_BACKEND}` };
  if (env.redisUrlGiven) return { ...redis, why: 'REDIS_URL is set' };
  const where = new URL(env.REDIS_URL).host;
  if (await answersAt(env.REDIS_URL, 6379)) return { ...redis, why: `REDIS_URL unset, Redis answers at ${where}` };
  return { ...postgres, why: `REDIS_URL unset and nothing answers at ${where}` };
}

/** Says where the queue is, without the password. */
export function describeQueueBackend(backend: QueueBackend): string {
  const url = new URL(backend.url);
  url.password = '';
  const where = `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  if (backend.kind === 'redis') return `BullMQ on Redis ${where} (key prefix ${env.QUEUE_PREFIX}; ${backend.why})`;
  return `BullMQ on PostgreSQL ${where} (schema ${backend.schema}; ${backend.why})`;
}

/**
 * The one place the queue's connection is chosen, once per process, and logged: REDIS_URL set, or Redis
 * answering at DEFAULT_REDIS_URL, means Redis; otherwise BullMQ's PostgreSQL backend on DATABASE_URL.
 * QUEUE_BACKEND=redis|postgres skips the probe.
 */
export function chooseQueueBackend(): Promise<QueueBackend> {
  return (chosen ??= decideBackend().then((backend) => {
    console.log(`[queue] ${describeQueueBackend(backend)}`);
    return backend;
  }));
}

/** The process's Redis connection, created on first use so importing job code never connects. */
export function getRedis(url: string = env.REDIS_URL): Redis {
  if (!redis) {
    // BullMQ requires maxRetriesPerRequest: null: commands wait for a reconnect instead of failing mid-job.
    redis = new Redis(url, { maxRetriesPerRequest: null });
    redis.on('error', logQueueError);
    redis.on('ready', () => (lastQueueError = ''));
  }
  return redis;
}

/** BullMQ's PostgreSQL backend owns its pool; `migrate` creates or upgrades its tables on first connect. */
function postgresConnection(backend: Extract<QueueBackend, { kind: 'postgres' }>): PostgresPoolConfig {
  return { connectionString: backend.url, schema: backend.schema, migrate: true, max: 4 };
}

/** The one queue all jobs go to; job name = outbox kind, job id = the row's effect key (jobs/outbox-job.ts). */
export function getQueue(): Promise<PortalQueue> {
  return (queue ??= chooseQueueBackend().then((backend) => {
    const q: PortalQueue =
      backend.kind === 'redis'
        ? new Queue<OutboxJobData>(QUEUE_NAME, { connection: getRedis(backend.url), prefix: env.QUEUE_PREFIX, defaultJobOptions })
        : newPostgresQueue(postgresConnection(backend));
    q.on('error', logQueueError); // an 'error' event without a listener would crash the process
    return q;
  }));
}

/** A worker on the chosen backend; the caller closes it. */
/** How many jobs a worker runs at once, and how soon a dead worker's jobs are taken over (WORKER_LOCK_MS). */
export type WorkerCapacity = { concurrency: number; lockMs: number };
type WorkerSettings = { concurrency: number; lockDuration: number; stalledInterval: number; maxStalledCount: number };

const settingsOf = ({ concurrency, lockMs }: WorkerCapacity): WorkerSettings => ({
  concurrency,
  lockDuration: lockMs,
  stalledInterval: lockMs,
  // A job cut off by a dying worker is not at fault: take it over again after several crashes, not just one.
  // The outbox row's lock and status make a repeat harmless.
  maxStalledCount: 5,
});

export async function createWorker(processor: Processor<OutboxJobData>, capacity: WorkerCapacity): Promise<PortalWorker> {
  const backend = await chooseQueueBackend();
  const settings = settingsOf(capacity);
  const worker: PortalWorker =
    backend.kind === 'redis'
      ? new Worker<OutboxJobData>(QUEUE_NAME, processor, { connection: getRedis(backend.url), prefix: env.QUEUE_PREFIX, ...settings })
      : newPostgresWorker(processor, postgresConnection(backend), settings);
  worker.on('error', logQueueError);
  return worker;
}

const inFlight = new Set<Promise<unknown>>();

/**
 * Work that uses the queue without being awaited by its caller (a nudge of the outbox after a commit): closing
 * the queue waits for it, so it neither fails half-way on a closed connection nor opens a new one after the close.
 */
export function trackQueueUse(work: Promise<unknown>): void {
  const settled = work.catch(() => undefined).finally(() => inFlight.delete(settled));
  inFlight.add(settled);
}

/** Closes the queue and the shared Redis connection (BullMQ never closes a connection it was given). */
export async function closeQueue(): Promise<void> {
  await Promise.all(inFlight);
  const [q, r] = [queue, redis];
  queue = undefined;
  redis = undefined;
  await (await q)?.close();
  if (r && r.status !== 'end') await r.quit().catch(() => r.disconnect());
}

import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { db } from '../db/client';
import { outbox } from '../db/schema/outbox';
import { effectKeyOf } from './outbox-job';
import { isJobName } from './definitions';
import { getQueue, jobOptionsByKind, trackQueueUse } from './queue';

/** A 'queued' row this old is relayed again in case Redis lost the job; the job id makes that harmless. */
const REQUEUE_AFTER = '5 minutes';
const ADD_TIMEOUT_MS = 5000;
const RELAY_BATCH = 100;

export type RelayResult = { relayed: number; error?: string };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The queue did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A row still 'queued' long after it was relayed has a job that Redis lost, or one BullMQ gave up on while the row
 * was not done (taken over from dead workers more often than it allows): such a failed job would block adding it
 * again under the same id forever. Remove it, so the row gets a new job; the row's own status stays the judge of
 * whether its effect happened.
 */
async function clearGivenUpJobs(rows: { id: number; createdAt: Date }[]): Promise<void> {
  for (const row of rows) {
    const job = await (await getQueue()).getJob(effectKeyOf(row));
    if (job && (await job.isFailed())) await job.remove();
  }
}

/**
 * Moves committed outbox rows into BullMQ. Rows are locked (skip locked, so relays in several processes
 * share the work) while they are added, and marked 'queued' only if Redis accepted them; otherwise they stay
 * pending for the next round. Job id = the row's effect key, so adding a row twice never creates a second job.
 */
export async function relayOutbox({ limit = 100 }: { limit?: number } = {}): Promise<RelayResult> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: outbox.id,
        kind: outbox.kind,
        status: outbox.status,
        createdAt: outbox.createdAt,
        requestId: sql<string | null>`${outbox.payload}->>'requestId'`,
      })
      .from(outbox)
      .where(
        or(eq(outbox.status, 'pending'), and(eq(outbox.status, 'queued'), lt(outbox.queuedAt, sql`now() - ${REQUEUE_AFTER}::interval`))),
      )
      .orderBy(asc(outbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return { relayed: 0 };
    try {
      const stale = rows.filter((row) => row.status === 'queued');
      if (stale.length > 0) await withTimeout(clearGivenUpJobs(stale), ADD_TIMEOUT_MS);
      const jobs = rows.map((row) => ({
        name: row.kind,
        data: row.requestId ? { outboxId: row.id, requestId: row.requestId } : { outboxId: row.id },
        // The queue's defaults apply; a kind's own (an e-mail's longer retries) on top.
        opts: { ...(isJobName(row.kind) ? jobOptionsByKind[row.kind] : {}), jobId: effectKeyOf(row) },
      }));
      // A timed-out add may still land later; the next round re-adds under the same job id, so no duplicate.
      await withTimeout(
        getQueue().then((queue) => queue.addBulk(jobs)),
        ADD_TIMEOUT_MS,
      );
    } catch (error) {
      return { relayed: 0, error: error instanceof Error ? error.message : String(error) };
    }
    const ids = rows.map((row) => row.id);
    await tx
      .update(outbox)
      .set({ status: 'queued', queuedAt: sql`now()` })
      .where(inArray(outbox.id, ids));
    return { relayed: rows.length };
  });
}

/** Relays every `intervalMs` until stopped; the returned function waits for a round in progress. */
export function startOutboxRelay(intervalMs = 1000): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  let lastError = '';
  const tick = () => {
    let isBacklog = false;
    round = relayOutbox({ limit: RELAY_BATCH })
      .then((result) => {
        const error = result.error ?? '';
        if (error && error !== lastError) console.error(`[outbox] relay failed, rows stay pending: ${error}`);
        lastError = error;
        isBacklog = result.relayed === RELAY_BATCH;
      })
      .catch((error: unknown) => console.error('[outbox] relay error', error))
      .finally(() => {
        // A full batch means more rows wait: relay them at once rather than one batch per interval.
        if (!stopped) timer = setTimeout(tick, isBacklog ? 0 : intervalMs);
      });
  };
  tick();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await round;
  };
}

/** Called by web code right after a commit so e-mails leave at once instead of at the next relay round. Never throws. */
export function nudgeOutbox(): void {
  trackQueueUse(relayOutbox({ limit: 20 }).catch((error: unknown) => console.error('[outbox] nudge failed', error)));
}

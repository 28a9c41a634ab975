import { UnrecoverableError, type Job } from 'bullmq';
import { eq, sql } from 'drizzle-orm';
import type { ZodType } from 'zod';
import { db, type Tx } from '../db/client';
import { outbox } from '../db/schema/outbox';
import type { OutboxJobData } from './definitions';

/**
 * The base of every background job: an outbox row (written in the transaction of the change that
 * caused it) is processed at most once to completion, however often BullMQ delivers its job.
 *
 * The row is locked for the whole run, inside one transaction: a second delivery of the same job waits,
 * then finds the row done and skips it. Whatever the job writes to the database with `tx` commits
 * together with the row's 'done', or not at all, so a worker killed half-way leaves no half of an
 * effect and the retry starts clean. Effects outside the database (an e-mail) are made last, just
 * before the commit. An invalid payload fails the row at once, without retries: waiting will not make
 * it valid. Attempts and the last error are committed even when the run fails.
 */
export type JobContext = {
  tx: Tx;
  outboxId: number;
  isFinalAttempt: boolean;
  /**
   * Names this row's effect, the same on every attempt and different from any other row's, even in a database
   * recreated with the same ids (it carries the row's creation time): what an effect outside the database (an
   * e-mail's Message-ID) uses so a repeat after a crash is recognisable as the same effect.
   */
  effectKey: string;
};

export type OutboxJobDefinition<P, R> = {
  /** The payload's schema: the row's payload is parsed with it before the job runs. */
  schema: ZodType<P>;
  run: (payload: P, context: JobContext) => Promise<R>;
};

export type OutboxOutcome<R> = { status: 'done'; result: R } | { status: 'skipped' };

type Settled<R> = { ok: OutboxOutcome<R> } | { error: unknown; retry: boolean };

/**
 * A row's effect key: its id with its creation time. It names the row's BullMQ job and its effect (an
 * e-mail's Message-ID), and it is never met again: a database recreated or restored from a backup reuses
 * ids, and a job id of the id alone would be taken for the completed job of an earlier row and never run.
 */
export const effectKeyOf = (row: { id: number; createdAt: Date }) => `outbox-${row.id}-${row.createdAt.getTime()}`;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Processes one outbox row with `job`; throws to make BullMQ retry (or UnrecoverableError not to). */
export async function processOutboxRow<P, R>(
  outboxId: number,
  job: OutboxJobDefinition<P, R>,
  { isFinalAttempt = false } = {},
): Promise<OutboxOutcome<R>> {
  const settled = await db.transaction(async (tx): Promise<Settled<R>> => {
    const [row] = await tx.select().from(outbox).where(eq(outbox.id, outboxId)).for('update');
    if (!row) return { error: new Error(`outbox row ${outboxId} not found`), retry: false };
    if (row.status === 'done' || row.status === 'failed') return { ok: { status: 'skipped' } };

    const parsed = job.schema.safeParse(row.payload);
    if (!parsed.success) {
      const lastError = `invalid payload: ${parsed.error.message}`;
      await tx
        .update(outbox)
        .set({ status: 'failed', lastError, processedAt: sql`now()` })
        .where(eq(outbox.id, outboxId));
      return { error: new Error(lastError), retry: false };
    }
    // The run's own writes sit in a savepoint, so a failed run rolls them back but keeps the attempt count.
    try {
      const result = await tx.transaction((inner) =>
        job.run(parsed.data, { tx: inner, outboxId, isFinalAttempt, effectKey: effectKeyOf(row) }),
      );
      await tx
        .update(outbox)
        .set({ status: 'done', attempts: sql`${outbox.attempts} + 1`, lastError: null, processedAt: sql`now()` })
        .where(eq(outbox.id, outboxId));
      return { ok: { status: 'done', result } };
    } catch (error) {
      const retry = !(error instanceof UnrecoverableError);
      await tx
        .update(outbox)
        .set({
          attempts: sql`${outbox.attempts} + 1`,
          lastError: message(error),
          ...(isFinalAttempt || !retry ? { status: 'failed' as const } : {}),
        })
        .where(eq(outbox.id, outboxId));
      return { error, retry };
    }
  });
  if ('ok' in settled) return settled.ok;
  // UnrecoverableError tells BullMQ not to retry.
  throw settled.retry ? settled.error : new UnrecoverableError(message(settled.error));
}

/**
 * Fails a row for good whose run died without settling it (a child process killed for its memory or time,
 * jobs/child-job.ts): the attempt is counted, and `effect` records the failure where its user sees it, in the
 * same transaction. A row already done or failed is left alone.
 */
export async function failOutboxRow<P>(
  outboxId: number,
  job: OutboxJobDefinition<P, unknown>,
  lastError: string,
  effect: (payload: P, tx: Tx) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(outbox).where(eq(outbox.id, outboxId)).for('update');
    if (!row || row.status === 'done' || row.status === 'failed') return;
    const parsed = job.schema.safeParse(row.payload);
    if (parsed.success) await effect(parsed.data, tx);
    await tx
      .update(outbox)
      .set({ status: 'failed', attempts: sql`${outbox.attempts} + 1`, lastError, processedAt: sql`now()` })
      .where(eq(outbox.id, outboxId));
  });
}

/** The BullMQ processor of a job definition. */
export function outboxProcessor<P, R>(job: OutboxJobDefinition<P, R>) {
  return (bullJob: Job<OutboxJobData>) =>
    processOutboxRow(bullJob.data.outboxId, job, { isFinalAttempt: bullJob.attemptsMade + 1 >= (bullJob.opts.attempts ?? 1) });
}

import { UnrecoverableError, type Job } from 'bullmq';
import { eq, sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { outbox } from '../../db/schema/outbox';
import { renderEmail, sendMail } from '../../emails';
import { sendEmailPayloadSchema, type OutboxJobData } from '../definitions';

export type EmailOutcome = 'sent' | 'skipped';
type Result = { outcome: EmailOutcome } | { error: unknown; retry: boolean };

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sends the e-mail of one outbox row, at most once: the row is locked for the duration, so two deliveries
 * of the same job (BullMQ is at-least-once) cannot both send, and a row already 'done' is skipped.
 * Outcome updates are committed before the error is rethrown, so attempts and lastError survive a retry.
 */
export async function processEmailRow(outboxId: number, { isFinalAttempt = false } = {}): Promise<EmailOutcome> {
  const result = await db.transaction(async (tx): Promise<Result> => {
    const [row] = await tx.select().from(outbox).where(eq(outbox.id, outboxId)).for('update');
    if (!row) return { error: new Error(`outbox row ${outboxId} not found`), retry: false };
    if (row.status === 'done' || row.status === 'failed') return { outcome: 'skipped' };

    const parsed = sendEmailPayloadSchema.safeParse(row.payload);
    if (!parsed.success) {
      const lastError = `invalid payload: ${parsed.error.message}`;
      await tx
        .update(outbox)
        .set({ status: 'failed', lastError, processedAt: sql`now()` })
        .where(eq(outbox.id, outboxId));
      return { error: new Error(lastError), retry: false };
    }
    try {
      const { to, template, data } = parsed.data;
      await sendMail({ to, ...renderEmail(template, data) });
      await tx
        .update(outbox)
        .set({ status: 'done', attempts: sql`${outbox.attempts} + 1`, lastError: null, processedAt: sql`now()` })
        .where(eq(outbox.id, outboxId));
      return { outcome: 'sent' };
    } catch (error) {
      await tx
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, lastError: message(error), ...(isFinalAttempt ? { status: 'failed' as const } : {}) })
        .where(eq(outbox.id, outboxId));
      return { error, retry: true };
    }
  });
  if ('outcome' in result) return result.outcome;
  // UnrecoverableError tells BullMQ not to retry: the payload will not become valid by waiting.
  throw result.retry ? result.error : new UnrecoverableError(message(result.error));
}

export async function sendEmailProcessor(job: Job<OutboxJobData>): Promise<EmailOutcome> {
  const isFinalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  return processEmailRow(job.data.outboxId, { isFinalAttempt });
}

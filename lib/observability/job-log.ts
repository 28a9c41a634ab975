import { UnrecoverableError, type Job } from 'bullmq';
import { logger } from './logger';
import { recordJob } from './metrics';

type LoggedJob = Pick<Job<{ requestId?: string }>, 'name' | 'id' | 'attemptsMade' | 'opts' | 'data'>;

/** What became of one run of a job: done, nothing to do (already done), to be tried again, or given up. */
export type JobOutcome = 'completed' | 'skipped' | 'retry' | 'failed';

const isSkipped = (result: unknown) =>
  typeof result === 'object' && result !== null && (result as { status?: unknown }).status === 'skipped';

/**
 * Runs one delivery of a job and writes the worker's one log line for it (jobs/worker.ts): job name, id,
 * attempt, duration, outcome, and the id of the web request that enqueued it.
 */
export async function loggedJob<T>(job: LoggedJob, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const attempt = job.attemptsMade + 1;
  const line = (outcome: JobOutcome, error?: unknown) => {
    recordJob(job.name, outcome);
    logger[outcome === 'failed' ? 'error' : outcome === 'retry' ? 'warn' : 'info'](
      {
        component: 'worker',
        job: job.name,
        jobId: job.id,
        attempt,
        attempts: job.opts.attempts ?? 1,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        outcome,
        requestId: job.data.requestId ?? null,
        ...(error ? { error } : {}),
      },
      'job',
    );
  };
  try {
    const result = await run();
    line(isSkipped(result) ? 'skipped' : 'completed');
    return result;
  } catch (error) {
    line(error instanceof UnrecoverableError || attempt >= (job.opts.attempts ?? 1) ? 'failed' : 'retry', error);
    throw error;
  }
}

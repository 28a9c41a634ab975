import { UnrecoverableError } from 'bullmq';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db, pool } from '@/db/client';
import { auditEntries, outbox } from '@/db/schema';
import { processOutboxRow, type OutboxJobDefinition } from '@/jobs/outbox-job';

/*
 * The base of every background job (jobs/outbox-job.ts): one outbox row's effect happens once, its
 * database writes commit with the row's 'done', and a failed run leaves none of its writes behind.
 */

afterAll(async () => {
  await pool.end();
});

const payloadSchema = z.object({ marker: z.string() });

/** A job that writes an audit entry per run, and fails its first `failures` runs after writing. */
function markingJob(
  failures: number,
  error: () => Error = () => new Error('boom'),
): OutboxJobDefinition<z.infer<typeof payloadSchema>, string> {
  let runs = 0;
  return {
    schema: payloadSchema,
    async run({ marker }, { tx }) {
      runs += 1;
      await tx.insert(auditEntries).values({ entityType: 'test', action: 'job', descr: marker, ownerName: 'worker' });
      if (runs <= failures) throw error();
      return marker;
    },
  };
}

async function outboxRow(payload: Record<string, unknown>): Promise<number> {
  const [row] = await db.insert(outbox).values({ kind: 'test-job', payload }).returning({ id: outbox.id });
  return row.id;
}

const entries = async (marker: string) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditEntries)
      .where(eq(auditEntries.descr, marker))
  )[0].n;
const rowOf = async (id: number) => (await db.select().from(outbox).where(eq(outbox.id, id)))[0];

it('commits the job’s writes with the row marked done, and runs it no more after that', async () => {
  const marker = `once-${Date.now()}`;
  const id = await outboxRow({ marker });
  const job = markingJob(0);
  expect(await processOutboxRow(id, job)).toEqual({ status: 'done', result: marker });
  expect(await processOutboxRow(id, job)).toEqual({ status: 'skipped' });
  expect(await entries(marker)).toBe(1);
  expect(await rowOf(id)).toMatchObject({ status: 'done', attempts: 1, lastError: null });
});

it('rolls a failed run’s writes back, keeps the attempt and its error, and the retry does the effect once', async () => {
  const marker = `retry-${Date.now()}`;
  const id = await outboxRow({ marker });
  const job = markingJob(1);
  await expect(processOutboxRow(id, job)).rejects.toThrow('boom');
  expect(await entries(marker)).toBe(0);
  expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'boom' });

  await processOutboxRow(id, job);
  expect(await entries(marker)).toBe(1);
  expect(await rowOf(id)).toMatchObject({ status: 'done', attempts: 2 });
});

it('two deliveries of the same job at once: one runs, the other waits and skips', async () => {
  const marker = `race-${Date.now()}`;
  const id = await outboxRow({ marker });
  const job = markingJob(0);
  const outcomes = await Promise.all([processOutboxRow(id, job), processOutboxRow(id, job)]);
  expect(outcomes.map((o) => o.status).sort()).toEqual(['done', 'skipped']);
  expect(await entries(marker)).toBe(1);
});

it('fails an invalid payload at once, without running the job and without retries', async () => {
  const id = await outboxRow({ wrong: true });
  await expect(processOutboxRow(id, markingJob(0))).rejects.toBeInstanceOf(UnrecoverableError);
  expect(await rowOf(id)).toMatchObject({ status: 'failed' });
  expect((await rowOf(id)).lastError).toMatch(/^invalid payload/);
});

it('marks the row failed on the final attempt', async () => {
  const marker = `final-${Date.now()}`;
  const id = await outboxRow({ marker });
  await expect(processOutboxRow(id, markingJob(5), { isFinalAttempt: true })).rejects.toThrow('boom');
  expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 1 });
  expect(await entries(marker)).toBe(0);
});

it('does not retry a job that says it cannot succeed: the row is failed at once', async () => {
  const marker = `unrecoverable-${Date.now()}`;
  const id = await outboxRow({ marker });
  await expect(
    processOutboxRow(
      id,
      markingJob(1, () => new UnrecoverableError('no such vendor')),
    ),
  ).rejects.toBeInstanceOf(UnrecoverableError);
  expect(await entries(marker)).toBe(0);
  expect(await rowOf(id)).toMatchObject({ status: 'failed', lastError: 'no such vendor' });
});

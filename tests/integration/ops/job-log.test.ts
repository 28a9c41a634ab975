import { eq, inArray } from 'drizzle-orm';
import { db, pool } from '@/db/client';
import { outbox } from '@/db/schema/outbox';
import { closeTransport } from '@/emails/transport';
import { enqueueInOutbox } from '@/jobs/enqueue';
import { closeQueue, getQueue } from '@/jobs/queue';
import { startWorker, type RunningWorker } from '@/jobs/worker';
import { env } from '@/lib/env';
import { logger } from '@/lib/observability/logger';
import { runInRequest } from '@/lib/observability/request-context';
import { TestSmtpServer } from '../support/smtp';

/*
 * The worker's one log line per job (issue 28): name, id, attempt, duration, outcome, and the id of the web
 * request that enqueued it, carried through the outbox row and the BullMQ job.
 */
const smtp = new TestSmtpServer();
const created: number[] = [];
let running: RunningWorker | undefined;
let lines: string[] = [];
let spy: jest.SpyInstance;

beforeAll(async () => {
  await smtp.start();
  env.SMTP_URL = smtp.url;
  await (await getQueue()).obliterate({ force: true });
  logger.level = 'info';
  spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
});

afterAll(async () => {
  spy.mockRestore();
  logger.level = 'silent';
  await running?.stop();
  if (created.length) await db.delete(outbox).where(inArray(outbox.id, created));
  await closeQueue();
  closeTransport();
  await smtp.stop();
  await pool.end();
});

const jobLines = () =>
  lines
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'job');

it('logs each job with the request id of the request that enqueued it', async () => {
  lines = [];
  const payload = { to: 'job-log@example.test', template: 'notification' as const, data: { subject: 'Logged', lines: ['One line.'] } };
  const id = await runInRequest({ requestId: 'request-that-enqueued-1' }, () =>
    db.transaction((tx) => enqueueInOutbox(tx, 'send-email', payload)),
  );
  created.push(id);
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  expect(row.payload.requestId).toBe('request-that-enqueued-1');

  running = await startWorker({ relayIntervalMs: 100, closePool: false });
  // The relay also sends what earlier suites left in the outbox (an approval's job, say): this job's line is the one with its id.
  const ownLine = () => jobLines().find((line) => String(line.jobId).startsWith(`outbox-${id}-`) && line.outcome === 'completed');
  const deadline = Date.now() + 20_000;
  while (!ownLine() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const line = ownLine();
  expect(line).toMatchObject({
    component: 'worker',
    job: 'send-email',
    attempt: 1,
    outcome: 'completed',
    requestId: 'request-that-enqueued-1',
  });
  expect(typeof line?.durationMs).toBe('number');
  expect(smtp.messages.some((m) => m.to.includes('job-log@example.test'))).toBe(true);
});

import { UnrecoverableError, Worker } from 'bullmq';
import { and, eq, like } from 'drizzle-orm';
import { db, pool } from '@/db/client';
import { auditEntries } from '@/db/schema';
import { GET, PUT, POST } from '@/app/api/admin/queue/[[...path]]/route';
import { QUEUE_NAME, closeQueue, getQueue, getRedis } from '@/jobs/queue';
import { env } from '@/lib/env';
import { BOARD_CSP } from '@/lib/observability/queue-board';
import { callRoute, sessionHeaders } from '../support/actors';

/*
 * The queue dashboard (Bull Board) behind the portal's sign-in and the 'queue.manage' permission (issue 28):
 * a supplier or portal staff is refused, an admin sees the queue, retries and removes a failed job, and both
 * acts are audited. Anything beyond reading, retrying and removing is refused.
 */
const BASE = '/api/admin/queue';
const JOB_ID = `outbox-900001-${Date.now()}`;

const call = async (handler: typeof GET, method: string, subpath: string, email?: string) =>
  callRoute(handler, `${BASE}${subpath}`, {
    method,
    headers: email ? await sessionHeaders(email) : {},
    params: (subpath.split('/').filter(Boolean).length ? { path: subpath.split('/').filter(Boolean) } : {}) as Record<string, string>,
  });

beforeAll(async () => {
  const queue = await getQueue();
  await queue.obliterate({ force: true });
  await queue.add('send-email', { outboxId: 900001 }, { jobId: JOB_ID, attempts: 1 });
  // A worker that fails it at once: a failed job as the dashboard will meet them.
  const worker = new Worker(QUEUE_NAME, async () => Promise.reject(new UnrecoverableError('SMTP said no')), {
    connection: getRedis(),
    prefix: env.QUEUE_PREFIX,
  });
  const job = await queue.getJob(JOB_ID);
  for (let i = 0; i < 100 && !(await job!.isFailed()); i++) await new Promise((r) => setTimeout(r, 100));
  await worker.close();
});

afterAll(async () => {
  await (await getQueue()).obliterate({ force: true });
  await db.delete(auditEntries).where(like(auditEntries.action, 'queue.%'));
  await closeQueue();
  await pool.end();
});

it('refuses anyone but a portal admin', async () => {
  expect((await call(GET, 'GET', '/api/queues')).status).toBe(401);
  expect((await call(GET, 'GET', '/api/queues', 'supplier@portal.test')).status).toBe(403);
  expect((await call(GET, 'GET', '/', 'supplier@portal.test')).status).toBe(403);
  expect((await call(GET, 'GET', '/api/queues', 'staff@portal.test')).status).toBe(403);
  expect((await call(PUT, 'PUT', `/api/queues/${QUEUE_NAME}/${JOB_ID}/retry`, 'supplier@portal.test')).status).toBe(403);
});

it('shows an admin the board and the failed job', async () => {
  const page = await call(GET, 'GET', '/', 'admin@portal.test');
  expect(page.status).toBe(200);
  expect(page.headers.get('content-security-policy')).toBe(BOARD_CSP);
  const html = await page.text();
  expect(html).toContain(`<base href="${BASE}/" />`);
  expect(html).not.toMatch(/<%/);
  const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(html)![1];
  const asset = await call(GET, 'GET', `/${script}`, 'admin@portal.test');
  expect(asset.status).toBe(200);
  expect(asset.headers.get('content-type')).toBe('text/javascript');
  expect((await call(GET, 'GET', '/static/../../package.json', 'admin@portal.test')).status).toBe(404);

  const list = await call(GET, 'GET', '/api/queues', 'admin@portal.test');
  expect(list.status).toBe(200);
  const { queues } = (await list.json()) as { queues: { name: string; counts: Record<string, number> }[] };
  expect(queues.find((q) => q.name === QUEUE_NAME)?.counts.failed).toBe(1);
});

it("audits an admin's retry and removal of a failed job, and refuses adding a job", async () => {
  const admin = await db.query.users.findFirst({ where: (u) => eq(u.email, 'admin@portal.test') });
  const retried = await call(PUT, 'PUT', `/api/queues/${QUEUE_NAME}/${JOB_ID}/retry`, 'admin@portal.test');
  expect(retried.status).toBeLessThan(300);
  const job = await (await getQueue()).getJob(JOB_ID);
  expect(await job!.getState()).toBe('waiting');

  const removed = await call(PUT, 'PUT', `/api/queues/${QUEUE_NAME}/${JOB_ID}/clean`, 'admin@portal.test');
  expect(removed.status).toBeLessThan(300);
  expect(await (await getQueue()).getJob(JOB_ID)).toBeUndefined();

  const entries = await db
    .select()
    .from(auditEntries)
    .where(and(like(auditEntries.action, 'queue.%'), eq(auditEntries.entityId, 900001)));
  expect(entries.map((e) => [e.action, e.ownerUserId])).toEqual([
    ['queue.retry', admin!.id],
    ['queue.remove', admin!.id],
  ]);
  expect(entries[0].descr).toContain(JOB_ID);

  expect((await call(POST, 'POST', `/api/queues/${QUEUE_NAME}/add`, 'admin@portal.test')).status).toBe(403);
  expect((await call(PUT, 'PUT', `/api/queues/${QUEUE_NAME}/obliterate`, 'admin@portal.test')).status).toBe(403);
});

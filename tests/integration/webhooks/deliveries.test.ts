import { and, eq, sql } from 'drizzle-orm';
import { db, pool } from '@/db/client';
import { auditEntries, integrations, outbox, webhookDeliveries } from '@/db/schema';
import * as integrationsRoute from '@/app/api/integrations/route';
import * as integrationRoute from '@/app/api/integrations/[id]/route';
import * as deliveriesRoute from '@/app/api/integrations/[id]/deliveries/route';
import * as replayRoute from '@/app/api/integrations/[id]/deliveries/replay/route';
import * as documentsRoute from '@/app/api/v1/documents/route';
import { PUT as respondRoute } from '@/app/api/orders/[id]/route';
import { closeTransport } from '@/emails/transport';
import { closeQueue, getQueue } from '@/jobs/queue';
import { startWorker } from '@/jobs/worker';
import { env } from '@/lib/env';
import { deliverDueWebhooks } from '@/lib/domain/webhooks/deliver';
import { callRoute, sessionHeaders } from '../support/actors';
import { uniqueTag } from '../support/fixtures';
import { callV1, PORTAL_ADMIN, subsidiaryIds } from '../support/integrations';
import { TestSmtpServer } from '../support/smtp';
import { callAs } from '../support/users';
import { downUrl, WebhookReceiver } from './receiver';

jest.setTimeout(60_000);

const receiver = new WebhookReceiver();
const smtp = new TestSmtpServer();
const made: number[] = [];

beforeAll(async () => {
  await Promise.all([receiver.start(), smtp.start()]);
  env.SMTP_URL = smtp.url;
});

// Each test's integration is revoked after it, so later tests' events make no deliveries for it.
afterEach(async () => {
  for (const id of made.splice(0))
    await callAs(PORTAL_ADMIN, integrationRoute.DELETE, `/integrations/${id}`, { method: 'DELETE', params: { id: String(id) } });
});

afterAll(async () => {
  await (await getQueue()).obliterate({ force: true });
  await closeQueue();
  closeTransport();
  await Promise.all([receiver.stop(), smtp.stop()]);
  await pool.end();
});

/** An integration made through POST /integrations with one webhook URL; the receiver learns its signing secret. */
async function integrationWith(url: string, path: string | null, codes = ['SUB01']) {
  const body = {
    name: `ERP ${uniqueTag()}`,
    subsidiaries: await subsidiaryIds(...codes),
    scopes: ['documents:write', 'events:read'],
    webhookUrl: url,
  };
  const { status, json } = await callAs(PORTAL_ADMIN, integrationsRoute.POST, '/integrations', { method: 'POST', body });
  expect(status).toBe(201);
  expect(json.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  if (path) receiver.trust(path, json.webhookSecret as string);
  made.push(json.id as number);
  return { id: json.id as number, key: json.key as string, name: body.name, secret: json.webhookSecret as string };
}

/** An order sent in through the integration API: its document.ingested event is what gets delivered. */
async function ingestOrder(key: string) {
  const docno = `WH${uniqueTag()}`;
  const { status, json } = await callV1(documentsRoute.POST, '/api/v1/documents', {
    key,
    method: 'POST',
    body: {
      type: 'order',
      docno,
      vendorCode: 'V0001',
      storeCode: 'S001',
      docDate: '2026-06-15',
      lines: [{ lineNumber: 1, catalogueCode: '101001', qty: 2, amount: '10.00', taxPercent: 15 }],
    },
  });
  expect(status).toBe(201);
  return { docno, tinyMce: json.tinyMce as string };
}

const deliveriesOf = (integrationId: number) =>
  db.select().from(webhookDeliveries).where(eq(webhookDeliveries.integrationId, integrationId)).orderBy(webhookDeliveries.id);

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  for (const until = Date.now() + timeoutMs; !(await check());) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('webhooks, sent by the worker and signed per Standard Webhooks', () => {
  it('delivers an order confirmed through the route to the receiver, signed and verified, and only to integrations of its subsidiary', async () => {
    const url = receiver.endpoint('/confirmed');
    const { id, key } = await integrationWith(url, '/confirmed');
    const other = await integrationWith(receiver.endpoint('/other-subsidiary'), '/other-subsidiary', ['SUB02']);
    const order = await ingestOrder(key);
    const confirmed = await callRoute(respondRoute, `/orders/${order.tinyMce}`, {
      method: 'PUT',
      headers: await sessionHeaders('supplier@portal.test'),
      params: { id: order.tinyMce },
      body: { orderResponse: { header: { response: 'confirmed' }, tinyMce: order.tinyMce, docno: order.docno } },
    });
    expect(confirmed.status).toBe(200);

    const worker = await startWorker({ relayIntervalMs: 200, closePool: false, webhookIntervalMs: 100 });
    try {
      await waitFor(() => receiver.at('/confirmed').some((r) => r.verified?.type === 'order.confirmed'));
    } finally {
      await worker.stop();
    }
    const got = receiver.at('/confirmed').find((r) => r.verified?.type === 'order.confirmed')!;
    expect(got.verified).toMatchObject({ type: 'order.confirmed', subsidiaryCode: 'SUB01', data: { tinyMce: order.tinyMce } });
    expect(got.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(got.headers['webhook-signature']).toMatch(/^v1,/);
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    const rows = await deliveriesOf(id);
    expect(rows.map((r) => r.status)).toEqual(['succeeded', 'succeeded']); // document.ingested, order.confirmed
    expect(rows.every((r) => r.lastResponseCode === 200 && r.attempts === 1)).toBe(true);
    expect(await deliveriesOf(other.id)).toEqual([]);
    expect(receiver.at('/other-subsidiary')).toEqual([]);

    const list = await callAs(PORTAL_ADMIN, deliveriesRoute.GET, `/integrations/${id}/deliveries`, { params: { id: String(id) } });
    expect(list.status).toBe(200);
    expect(list.json.data).toEqual([
      expect.objectContaining({ eventType: 'order.confirmed', status: 'succeeded', responseCode: 200, attempts: 1, url }),
      expect.objectContaining({ eventType: 'document.ingested', status: 'succeeded', responseCode: 200, attempts: 1, url }),
    ]);
  });

  it('retries a receiver that answers 500 with the same webhook-id, and records each answer', async () => {
    const url = receiver.endpoint('/flaky', { statuses: [500, 200] });
    const { id, key } = await integrationWith(url, '/flaky');
    await ingestOrder(key);
    await deliverDueWebhooks({ retryDelaysMs: [0, 0] });
    let [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastResponseCode: 500, lastError: 'HTTP 500' });
    await deliverDueWebhooks({ retryDelaysMs: [0, 0] });
    [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2, lastResponseCode: 200, lastError: null });
    const got = receiver.at('/flaky');
    expect(got).toHaveLength(2);
    expect(got.every((r) => r.verified !== null)).toBe(true);
    expect(got[1].headers['webhook-id']).toBe(got[0].headers['webhook-id']);
  });

  it('keeps the delivery to a receiver that is down pending, its attempt counted and the next one later', async () => {
    const { id, key } = await integrationWith(await downUrl(), null);
    await ingestOrder(key);
    const before = Date.now();
    await deliverDueWebhooks({ retryDelaysMs: [60_000, 60_000] });
    const [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastResponseCode: null });
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(before + 50_000);
    // Not due yet: the next round leaves it alone.
    await deliverDueWebhooks({ retryDelaysMs: [60_000, 60_000] });
    expect((await deliveriesOf(id))[0].attempts).toBe(1);
  });

  it('times out a slow receiver and retries it later', async () => {
    const url = receiver.endpoint('/slow', { delayMs: 2000 });
    const { id, key } = await integrationWith(url, '/slow');
    await ingestOrder(key);
    const started = Date.now();
    await deliverDueWebhooks({ timeoutMs: 300, retryDelaysMs: [60_000] });
    expect(Date.now() - started).toBeLessThan(1500);
    const [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastResponseCode: null, lastError: 'No answer within 300 ms' });
  });

  it('disables the endpoint after the retry budget and e-mails the admins; a replay turns it on and sends again with the same webhook-id', async () => {
    const url = receiver.endpoint('/broken', { statuses: [503, 503, 503] });
    const { id, key, name } = await integrationWith(url, '/broken');
    await ingestOrder(key);
    for (let round = 0; round < 3; round += 1) await deliverDueWebhooks({ retryDelaysMs: [0, 0] });
    const [failed] = await deliveriesOf(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, lastResponseCode: 503 });
    const [integration] = await db.select().from(integrations).where(eq(integrations.id, id));
    expect(integration.disabledWebhookUrls).toEqual([url]);
    const mails = await db
      .select({ to: sql<string>`${outbox.payload}->>'to'` })
      .from(outbox)
      .where(and(eq(outbox.kind, 'send-email'), sql`${outbox.payload}->'data'->>'subject' = ${`Webhook disabled: ${name}`}`));
    expect(mails.map((m) => m.to)).toContain(PORTAL_ADMIN);

    // An event while it is disabled is kept, not sent.
    await ingestOrder(key);
    await deliverDueWebhooks({ retryDelaysMs: [0, 0] });
    expect((await deliveriesOf(id)).map((r) => r.status)).toEqual(['failed', 'disabled']);
    expect(receiver.at('/broken')).toHaveLength(3);

    // The receiver is fixed; the admin replays every failed delivery.
    const replay = await callAs(PORTAL_ADMIN, replayRoute.POST, `/integrations/${id}/deliveries/replay`, {
      method: 'POST',
      params: { id: String(id) },
      body: {},
    });
    expect(replay.status).toBe(200);
    expect(replay.json.replayed).toBe(2);
    await deliverDueWebhooks({ retryDelaysMs: [0, 0] });
    expect((await deliveriesOf(id)).map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    const got = receiver.at('/broken');
    expect(got).toHaveLength(5);
    expect(got.every((r) => r.verified !== null)).toBe(true);
    expect(got.filter((r) => r.headers['webhook-id'] === got[0].headers['webhook-id'])).toHaveLength(4);
    const [enabled] = await db.select().from(integrations).where(eq(integrations.id, id));
    expect(enabled.disabledWebhookUrls).toEqual([]);
    const audit = await db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(and(eq(auditEntries.entityType, 'integration'), eq(auditEntries.entityId, id), eq(auditEntries.action, 'webhook.replayed')));
    expect(audit).toHaveLength(1);
  });

  it('replays one delivery by its id, even a succeeded one, and refuses other roles and unknown ids', async () => {
    const url = receiver.endpoint('/replay-one');
    const { id, key } = await integrationWith(url, '/replay-one');
    await ingestOrder(key);
    await deliverDueWebhooks();
    const [row] = await deliveriesOf(id);
    expect(row.status).toBe('succeeded');
    const path = `/integrations/${id}/deliveries/replay`;
    const params = { id: String(id) };
    expect(
      (await callAs('staff@portal.test', replayRoute.POST, path, { method: 'POST', params, body: { deliveryId: row.id } })).status,
    ).toBe(403);
    expect((await callAs(PORTAL_ADMIN, replayRoute.POST, path, { method: 'POST', params, body: { deliveryId: 999_999_999 } })).status).toBe(
      404,
    );
    expect((await callAs(PORTAL_ADMIN, replayRoute.POST, path, { method: 'POST', params, body: { deliveryId: row.id } })).status).toBe(200);
    await deliverDueWebhooks();
    const got = receiver.at('/replay-one');
    expect(got).toHaveLength(2);
    expect(got[1].headers['webhook-id']).toBe(got[0].headers['webhook-id']);
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('answers 404 for an unknown integration and 422 for an id beyond PostgreSQL’s integer, on both routes', async () => {
    for (const [id, status] of [
      ['999999', 404],
      ['9223372036854775808', 422],
    ] as const) {
      const params = { id };
      expect((await callAs(PORTAL_ADMIN, deliveriesRoute.GET, `/integrations/${id}/deliveries`, { params })).status).toBe(status);
      const replay = await callAs(PORTAL_ADMIN, replayRoute.POST, `/integrations/${id}/deliveries/replay`, {
        method: 'POST',
        params,
        body: {},
      });
      expect(replay.status).toBe(status);
    }
  });

  it('never sends one delivery twice at once from two workers (claimed with SKIP LOCKED and a lease)', async () => {
    const url = receiver.endpoint('/concurrent', { delayMs: 200 });
    const { id, key } = await integrationWith(url, '/concurrent');
    for (let n = 0; n < 5; n += 1) await ingestOrder(key);
    await Promise.all([deliverDueWebhooks({ limit: 3 }), deliverDueWebhooks({ limit: 3 }), deliverDueWebhooks({ limit: 3 })]);
    const ids = receiver.at('/concurrent').map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    expect((await deliveriesOf(id)).every((r) => r.status === 'succeeded' && r.attempts === 1)).toBe(true);
  });

  it('holds a revoked integration’s waiting deliveries as disabled, sending nothing, while a round settles the others at once', async () => {
    // Both act for SUB01, so each gets a delivery of each of the three orders' events.
    const kept = await integrationWith(receiver.endpoint('/kept'), '/kept');
    const revoked = await integrationWith(receiver.endpoint('/revoked'), '/revoked');
    for (let i = 0; i < 3; i++) await ingestOrder(kept.key);
    await db.update(integrations).set({ revokedAt: new Date() }).where(eq(integrations.id, revoked.id));

    const round = await deliverDueWebhooks({ limit: 500 });
    expect(round.succeeded).toBeGreaterThanOrEqual(3);
    expect(receiver.at('/revoked')).toEqual([]);
    expect(receiver.at('/kept').filter((r) => r.verified)).toHaveLength(3);
    expect((await deliveriesOf(revoked.id)).map((r) => [r.status, r.lastError, r.attempts])).toEqual(
      Array(3).fill(['disabled', 'The integration is revoked.', 0]),
    );
    expect((await deliveriesOf(kept.id)).map((r) => [r.status, r.attempts, r.lastResponseCode])).toEqual(
      Array(3).fill(['succeeded', 1, 200]),
    );
  });
});

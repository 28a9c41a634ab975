import { and, eq } from 'drizzle-orm';
import { GET as outstandingRoute } from '@/app/api/mark/outstanding/[id]/route';
import { PUT as resendRoute } from '@/app/api/orders/resend/[docno]/route';
import { GET as undismissRoute } from '@/app/api/orders/undismiss/[id]/route';
import { db, pool } from '@/db/client';
import { outbox, userActivities, xdocs } from '@/db/schema';
import { closeTransport } from '@/emails/transport';
import { closeQueue, getQueue } from '@/jobs/queue';
import { startWorker, type RunningWorker } from '@/jobs/worker';
import { env } from '@/lib/env';
import { callRoute, sessionHeaders, userId } from '../support/actors';
import { createDocument, createOrder, removeCreatedDocuments } from '../support/fixtures';
import { auditCount, documentState } from '../support/inbox';
import { TestSmtpServer } from '../support/smtp';
import { get, put, RETAIL_ADMIN, RETAIL_USER, STAFF, storeOf, SUPPLIER } from './helpers';

const smtp = new TestSmtpServer();
let worker: RunningWorker | undefined;

beforeAll(async () => {
  await smtp.start();
  env.SMTP_URL = smtp.url;
  await (await getQueue()).obliterate({ force: true });
});

afterAll(async () => {
  await worker?.stop();
  await db.delete(outbox).where(eq(outbox.kind, 'resend-order'));
  await removeCreatedDocuments();
  await (await getQueue()).obliterate({ force: true });
  await closeQueue();
  closeTransport();
  await smtp.stop();
  await pool.end();
});

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 20000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for condition');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The bytes of the MIME part that attaches `fileName` as a PDF (base64, as nodemailer encodes it). */
function attachedPdf(raw: string, fileName: string): Buffer {
  const part = raw.split(/\r?\n--/).find((p) => p.includes('Content-Type: application/pdf') && p.includes(fileName));
  if (!part) throw new Error(`no PDF part named ${fileName}`);
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('');
  return Buffer.from(body.replace(/\s/g, ''), 'base64');
}

async function activities(email: string, activity: string, docno: string): Promise<number> {
  const rows = await db
    .select({ detail: userActivities.detail })
    .from(userActivities)
    .where(and(eq(userActivities.userId, await userId(email)), eq(userActivities.activity, activity)));
  return rows.filter((r) => r.detail?.docno === docno).length;
}

async function dismissedOrder(storeCode = 'S001') {
  const order = await createOrder({ vendorCode: 'V0001', storeCode, wfStatusCode: 'confirmed', respondedAt: new Date() });
  await db.update(xdocs).set({ invoicingClosedAt: new Date() }).where(eq(xdocs.id, order.id));
  return order;
}

describe('undismiss (GET /orders/undismiss/{id})', () => {
  it('puts a dismissed order back on the toInvoice list, with an audit entry and the user’s activity', async () => {
    const order = await dismissedOrder();
    const response = await get(undismissRoute, `/api/orders/undismiss/${order.id}`, STAFF, { id: String(order.id) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ xdoc: { id: order.id, docno: order.docno } });
    expect((await documentState(order.id)).invoicingClosedAt).toBeNull();
    expect(await auditCount(order.id, 'undismissed')).toBe(1);
    expect(await activities(STAFF, 'undismiss', order.docno)).toBe(1);

    const again = await get(undismissRoute, `/api/orders/undismiss/${order.id}`, STAFF, { id: String(order.id) });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      `Order ${order.docno} is not dismissed: it is already available for invoicing.`,
    );
    expect(await auditCount(order.id, 'undismissed')).toBe(1);
  });

  it('undismisses an invoice through its order', async () => {
    const order = await dismissedOrder();
    const invoice = await createDocument({ vendorCode: 'V0001', type: 'invoice', relatedXdocId: order.id, orderno: order.docno });
    expect((await get(undismissRoute, `/api/orders/undismiss/${invoice.tinyMce}`, STAFF, { id: invoice.tinyMce })).status).toBe(200);
    expect((await documentState(order.id)).invoicingClosedAt).toBeNull();
  });

  it('needs write on the subsidiary: read-only 403, another subsidiary 404, suppliers 403, and changes nothing', async () => {
    const order = await dismissedOrder();
    const other = await dismissedOrder((await storeOf('SUB03')).code);
    expect((await get(undismissRoute, '/', RETAIL_USER, { id: String(order.id) })).status).toBe(403);
    expect((await get(undismissRoute, '/', RETAIL_ADMIN, { id: String(other.id) })).status).toBe(404);
    expect((await get(undismissRoute, '/', SUPPLIER, { id: String(order.id) })).status).toBe(403);
    expect((await documentState(order.id)).invoicingClosedAt).not.toBeNull();
    expect((await documentState(other.id)).invoicingClosedAt).not.toBeNull();
    expect(await auditCount(order.id)).toBe(0);
    const headers = await sessionHeaders(STAFF, { xsrf: false });
    expect((await callRoute(undismissRoute, '/', { headers, params: { id: String(order.id) } })).status).toBe(419);
  });
});

describe('outstanding (GET /mark/outstanding/{id})', () => {
  it('marks an order outstanding once, audited; again is refused', async () => {
    const order = await createOrder({ vendorCode: 'V0002', wfStatusCode: 'confirmed' });
    const response = await get(outstandingRoute, '/', RETAIL_ADMIN, { id: order.tinyMce });
    expect(response.status).toBe(200);
    expect((await documentState(order.id)).wfStatusCode).toBe('outstanding');
    expect(await auditCount(order.id, 'outstanding')).toBe(1);
    expect(await activities(RETAIL_ADMIN, 'mark-outstanding', order.docno)).toBe(1);
    const again = await get(outstandingRoute, '/', RETAIL_ADMIN, { id: order.tinyMce });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(`Order ${order.docno} is already outstanding.`);
  });

  it('refuses what is not an order (422) and a read-only user (403)', async () => {
    const invoice = await createDocument({ vendorCode: 'V0001', type: 'invoice' });
    expect((await get(outstandingRoute, '/', STAFF, { id: String(invoice.id) })).status).toBe(422);
    const order = await createOrder({ vendorCode: 'V0001' });
    expect((await get(outstandingRoute, '/', RETAIL_USER, { id: String(order.id) })).status).toBe(403);
    expect((await documentState(order.id)).wfStatusCode).toBe('received');
  });
});

describe('resend (PUT /orders/resend/{docno})', () => {
  it('e-mails the order with its PDF to every user of the vendor through the outbox and the worker', async () => {
    const order = await createOrder({ vendorCode: 'V0001', lines: 3 });
    const response = await put(resendRoute, '/', STAFF, { docno: order.docno });
    expect(response.status).toBe(200);
    expect(await auditCount(order.id, 'resent')).toBe(1);
    expect(await activities(STAFF, 'resend-order', order.docno)).toBe(1);
    const rows = await db.select().from(outbox).where(eq(outbox.kind, 'resend-order'));
    const mine = rows.filter((r) => r.payload.xdocId === order.id);
    // V0001 is linked to supplier@ and supplier.user@ (and any seeded users of V0001).
    const { rows: linked } = await pool.query(
      `select u.email from user_vendors uv join users u on u.id = uv.user_id where uv.vendor_id = $1 and u.deleted_at is null`,
      [order.vendorId],
    );
    expect(mine).toHaveLength(linked.length);

    worker = await startWorker({ relayIntervalMs: 200, closePool: false });
    await waitFor(async () =>
      (await db.select().from(outbox).where(eq(outbox.kind, 'resend-order')))
        .filter((r) => r.payload.xdocId === order.id)
        .every((r) => r.status === 'done'),
    );
    for (const { email } of linked) {
      const mails = smtp.to(email).filter((m) => m.subject === `Order ${order.docno}`);
      expect(mails).toHaveLength(1);
      expect(attachedPdf(mails[0]!.raw, `${order.docno}.pdf`).subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(smtp.to(linked[0].email).length).toBeGreaterThan(0);
  });

  it('refuses an order out of scope (404) and a read-only user (403), sending nothing', async () => {
    const other = await createOrder({ vendorCode: 'V0001', storeCode: (await storeOf('SUB03')).code });
    expect((await put(resendRoute, '/', RETAIL_ADMIN, { docno: other.docno })).status).toBe(404);
    const order = await createOrder({ vendorCode: 'V0001' });
    expect((await put(resendRoute, '/', RETAIL_USER, { docno: order.docno })).status).toBe(403);
    const rows = await db.select().from(outbox).where(eq(outbox.kind, 'resend-order'));
    expect(rows.filter((r) => r.payload.xdocId === order.id || r.payload.xdocId === other.id)).toEqual([]);
  });
});

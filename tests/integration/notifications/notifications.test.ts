import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { db, pool } from '@/db/client';
import {
  emailPreferences,
  itemChanges,
  masterdataChanges,
  notifications,
  outbox,
  roles,
  subsidiaries,
  users,
  userSubsidiaries,
  userVendors,
} from '@/db/schema';
import * as documentsRoute from '@/app/api/v1/documents/route';
import { GET as documentRoute } from '@/app/api/xdocs/[id]/route';
import { POST as unsubscribeRoute } from '@/app/api/unsubscribe/route';
import { closeTransport } from '@/emails/transport';
import { processEmailRow } from '@/jobs/processors/send-email';
import { env } from '@/lib/env';
import { changesDecided, masterdataDecided } from '@/lib/domain/integrations/act-events';
import { sendDueDigests } from '@/lib/domain/notifications/send-digests';
import { remindUnansweredOrders } from '@/lib/domain/notifications/remind-unanswered-orders';
import { signUnsubscribeToken } from '@/lib/domain/notifications/unsubscribe-token';
import { notifyChangesWaiting } from '@/lib/domain/notifications/changes-waiting';
import { submitVendorUpdate } from '@/lib/domain/vendors/submit-vendor-update';
import { actorOfUser } from '@/lib/auth/actor';
import { callRoute, sessionHeaders } from '../support/actors';
import { createItemChange, createRecord, createVendor, removeCreatedChanges } from '../support/changes';
import { uniqueTag } from '../support/fixtures';
import { callV1, newIntegration } from '../support/integrations';
import { TestSmtpServer } from '../support/smtp';

const smtp = new TestSmtpServer();
let key: string;
let vendor: { id: number; code: string };
let alice: string; // wants everything
let bob: string; // turned new-order off
let carol: string; // deactivated

beforeAll(async () => {
  await smtp.start();
  env.SMTP_URL = smtp.url;
  // Earlier suites leave other users' notifications waiting; with a window of 0 a sweep takes 500 users in no
  // order, so in the whole suite this file's users could wait for a later sweep. Those leftovers are not this
  // file's: they are marked sent before it starts.
  await db
    .update(notifications)
    .set({ sentAt: sql`now()` })
    .where(isNull(notifications.sentAt));
  ({ key } = await newIntegration({ subsidiaries: ['SUB01'] }));
  vendor = await createVendor();
  [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map((who) => supplierUser(who)));
  const [bobRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, bob));
  await db.insert(emailPreferences).values({ userId: bobRow.id, code: 'new-order', disabled: true });
  await db
    .update(users)
    .set({ deletedAt: sql`now()` })
    .where(eq(users.email, carol));
});

afterAll(async () => {
  await db.delete(masterdataChanges).where(eq(masterdataChanges.vendorId, vendor.id));
  await db.delete(itemChanges).where(eq(itemChanges.vendorId, vendor.id)); // they name their requesters
  await db.delete(users).where(inArray(users.email, [alice, bob, carol, ...made]));
  await removeCreatedChanges().catch(() => undefined); // the vendor stays if documents of it remain
  closeTransport();
  await smtp.stop();
  await pool.end();
});

const made: string[] = [];

async function supplierUser(who: string, roleCode = 'v_user'): Promise<string> {
  const email = `${who}.${uniqueTag().toLowerCase()}@supplier.test`;
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, roleCode));
  const [user] = await db
    .insert(users)
    .values({ name: `${who} Supplier`, email, roleId: role.id })
    .returning({ id: users.id });
  await db.insert(userVendors).values({ userId: user.id, vendorId: vendor.id, canWrite: true });
  return email;
}

const userIdOf = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

const today = (plusDays = 0) => new Date(Date.now() + plusDays * 86_400_000).toISOString().slice(0, 10);

async function ingest(type: string, overrides: Record<string, unknown> = {}) {
  const body = {
    type,
    docno: `N${uniqueTag()}`,
    vendorCode: vendor.code,
    storeCode: 'S001',
    docDate: today(),
    deliveryDate: today(10),
    ...(type === 'dispute' ? { reasonCode: 'Q' } : {}),
    lines: [{ lineNumber: 1, catalogueCode: '101001', qty: 1, amount: '10.00', taxPercent: 15 }],
    ...overrides,
  };
  const { status, json } = await callV1(documentsRoute.POST, '/api/v1/documents', { key, method: 'POST', body });
  expect(status).toBe(201);
  return { docno: body.docno, tinyMce: json.tinyMce as string };
}

/** Sends every due digest (window 0) and processes its e-mails; answers the parsed e-mails by recipient. */
async function sendDigests(enqueued?: number[]): Promise<Map<string, ParsedMail>> {
  const before = smtp.messages.length;
  const sweepStart = new Date(Date.now() - 1000);
  if (!enqueued) await sendDueDigests({ windowSeconds: 0 });
  const rows = enqueued
    ? enqueued.map((id) => ({ id }))
    : await db
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          // 'queued' too: the sweep nudges the outbox relay, which may have handed a row to the queue already
          // (no worker runs here to take it, so it is sent now).
          and(
            inArray(outbox.status, ['pending', 'queued']),
            sql`${outbox.payload}->>'template' = 'digest'`,
            sql`${outbox.createdAt} >= ${sweepStart}`,
          ),
        );
  for (const row of rows) await processEmailRow(row.id);
  const mails = new Map<string, ParsedMail>();
  for (const received of smtp.messages.slice(before)) {
    for (const to of received.to) mails.set(to, await simpleParser(received.raw));
  }
  return mails;
}

const header = (mail: ParsedMail, name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '');
const links = (mail: ParsedMail) => [...String(mail.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));

async function expectDeepLinkOpens(mail: ParsedMail, tab: string, tinyMce: string, email: string) {
  const link = links(mail).find((l) => l.includes(`doc=${tinyMce}`));
  expect(link).toBeDefined();
  const url = new URL(link!);
  expect(url.origin).toBe(new URL(env.APP_URL).origin);
  expect(url.searchParams.get('tab')).toBe(tab);
  expect(mail.text).toContain(link!);
  const response = await callRoute(documentRoute, `/xdocs/${tinyMce}`, { headers: await sessionHeaders(email), params: { id: tinyMce } });
  expect(response.status).toBe(200);
}

describe('notification e-mails', () => {
  it.each([
    ['order', 'new-order', 'orders'],
    ['return', 'new-return-order', 'return-orders'],
    ['deliverynote', 'new-deliverynote', 'delivery-notes'],
    ['remittance', 'new-remittance', 'remittances'],
    ['dispute', 'new-dispute', 'disputes'],
  ])('a %s ingested e-mails its code (%s) to the vendor’s users with a link that opens it', async (type, code, tab) => {
    const doc = await ingest(type);
    const rows = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.code, code), isNull(notifications.sentAt)));
    expect(rows.filter((r) => r.summary.path === `/?tab=${tab}&doc=${doc.tinyMce}`).length).toBe(code === 'new-order' ? 1 : 2);

    const mails = await sendDigests();
    const mail = mails.get(alice)!;
    expect(mail.subject).toContain(doc.docno);
    expect(mail.subject).toContain(vendor.code);
    expect(mail.subject).toContain('S001');
    expect(mail.to).toMatchObject({ value: [{ address: alice }] });
    expect(mail.text).toContain(doc.docno);
    expect(mail.html).toContain(doc.docno);
    await expectDeepLinkOpens(mail, tab, doc.tinyMce, alice);
    expect(header(mail, 'list-unsubscribe')).toMatch(/^<https?:\/\/[^>]+\/unsubscribe\?token=[\w.-]+>$/);
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(links(mail)).toContain(new URL('/preferences/email', env.APP_URL).toString());
    // Bob turned new-order off, Carol is deactivated: neither hears of it.
    expect(mails.has(bob)).toBe(code !== 'new-order');
    expect(mails.has(carol)).toBe(false);
  });

  it('a change decided e-mails the supplier user who asked for it, not the vendor’s other users (change-decided)', async () => {
    const [aliceId, bobId] = await Promise.all([alice, bob].map(userIdOf));
    const item = await createItemChange({ vendorId: vendor.id, itemId: null, changeable: { catalogueCode: 'X-1' }, requestedBy: aliceId });
    const record = await createRecord({ vendorId: vendor.id, eventType: 'vendor.update', status: 'rejected', requestedBy: bobId });
    await db.transaction(async (tx) => {
      await changesDecided(tx, 'item', [{ id: item.id, vendorId: vendor.id, changeable: item.changeable }], 'approved', undefined);
      await masterdataDecided(tx, record, 'rejected', 'Wrong bank');
    });
    const mails = await sendDigests();
    const toAlice = mails.get(alice)!;
    expect(toAlice.subject).toContain(`Item change ${item.id} (item X-1) approved`);
    expect(toAlice.text).not.toContain('Master-data change');
    expect(links(toAlice)).toContain(new URL('/changes', env.APP_URL).toString());
    expect(header(toAlice, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const toBob = mails.get(bob)!;
    expect(toBob.subject).toContain(`Master-data change ${record.id} rejected`);
    expect(toBob.text).not.toContain('Item change');
    expect(links(toBob)).toContain(new URL('/masterdata', env.APP_URL).toString());

    // A change whose requester has since been deactivated, or that names no requester, e-mails no one.
    const byCarol = await createItemChange({ vendorId: vendor.id, itemId: null, changeable: {}, requestedBy: await userIdOf(carol) });
    const byNobody = await createItemChange({ vendorId: vendor.id, itemId: null, changeable: {}, requestedBy: null });
    await db.transaction((tx) =>
      changesDecided(
        tx,
        'item',
        [byCarol, byNobody].map(({ id }) => ({ id, vendorId: vendor.id, changeable: {} })),
        'rejected',
        undefined,
      ),
    );
    expect((await sendDigests()).size).toBe(0);
  });

  it('an order unanswered within ORDER_REMINDER_DAYS of delivery is reminded once per user (order-reminder)', async () => {
    const soon = await ingest('order', { deliveryDate: today(1) });
    const later = await ingest('order', { deliveryDate: today(5) });
    await sendDigests(); // the new-order e-mails
    expect(await remindUnansweredOrders({ days: 2 })).toBeGreaterThanOrEqual(2);
    await remindUnansweredOrders({ days: 2 }); // again: nothing new for the same order
    const reminders = await db.select().from(notifications).where(eq(notifications.code, 'order-reminder'));
    expect(reminders.filter((r) => String(r.summary.path).endsWith(soon.tinyMce))).toHaveLength(2);
    expect(reminders.some((r) => String(r.summary.path).endsWith(later.tinyMce))).toBe(false);
    const mails = await sendDigests();
    const mail = mails.get(alice)!;
    expect(mail.text).toContain(`Unanswered Purchase Order ${soon.docno}`);
    await expectDeepLinkOpens(mail, 'orders', soon.tinyMce, alice);
    expect(mails.get(bob)?.text).toContain(soon.docno); // bob turned new-order off, not the reminder
  });

  it('gathers events in the window into one digest: 25 orders are one e-mail listing 20 and "and 5 more"', async () => {
    const docs = [];
    for (let i = 0; i < 25; i += 1) docs.push(await ingest('order'));
    // Inside the window nothing leaves yet.
    expect(await sendDueDigests({ windowSeconds: 300 })).toBe(0);
    const before = smtp.to(alice).length;
    const mails = await sendDigests();
    expect(smtp.to(alice).length - before).toBe(1);
    const mail = mails.get(alice)!;
    expect(mail.subject).toContain('25 updates');
    expect(links(mail).filter((l) => l.includes('doc='))).toHaveLength(20);
    expect(mail.text).toContain('and 5 more');
    expect(links(mail)).toContain(new URL('/?tab=orders', env.APP_URL).toString());
    // Sent rows are not sent again.
    expect((await sendDigests()).has(alice)).toBe(false);
  });

  it('two workers sweeping at once enqueue one digest per user, and every notification with it', async () => {
    const [{ last }] = (await db.execute<{ last: number }>(sql`select coalesce(max(id), 0)::int as last from outbox`)).rows;
    for (let i = 0; i < 3; i += 1) await ingest('order');
    await Promise.all([sendDueDigests({ windowSeconds: 0 }), sendDueDigests({ windowSeconds: 0 }), sendDueDigests({ windowSeconds: 0 })]);
    const digests = await db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(sql`${outbox.payload}->>'to' = ${alice}`, sql`${outbox.id} > ${last}`));
    expect(digests).toHaveLength(1);
    const [{ pending }] = (
      await db.execute<{ pending: number }>(
        sql`select count(*)::int as pending from notifications n join users u on u.id = n.user_id where u.email = ${alice} and n.sent_at is null`,
      )
    ).rows;
    expect(pending).toBe(0);
    const mail = (await sendDigests(digests.map((d) => d.id))).get(alice)!;
    expect(mail.subject).toContain('3 updates');
  });

  it('one-click unsubscribe (POST, no session, no anti-forgery token) turns the codes off; a tampered token changes nothing', async () => {
    await ingest('dispute');
    const mail = (await sendDigests()).get(alice)!;
    const target = header(mail, 'list-unsubscribe')!.slice(1, -1);
    const url = new URL(target);
    const post = (token: string) =>
      callRoute(unsubscribeRoute, `/unsubscribe?token=${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const token = url.searchParams.get('token')!;
    const disabled = async () =>
      (
        await db
          .select({ code: emailPreferences.code })
          .from(emailPreferences)
          .innerJoin(users, eq(users.id, emailPreferences.userId))
          .where(and(eq(users.email, alice), eq(emailPreferences.disabled, true)))
      ).map((r) => r.code);

    // A tampered token posted as the page's form: back to the page, which says the link is not valid.
    const tampered = await post(`${token.slice(0, -2)}xx`);
    expect(tampered.status).toBe(303);
    expect(tampered.headers.get('location')).toBe(new URL('/unsubscribe?invalid=1', env.APP_URL).toString());
    // An expired one sent as multipart (RFC 8058 allows either): a 400 that says so.
    const [aliceRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, alice));
    const form = new FormData();
    form.append('List-Unsubscribe', 'One-Click');
    const expiredToken = signUnsubscribeToken(aliceRow.id, ['new-dispute'], Date.now() - 91 * 86_400_000);
    const expired = await unsubscribeRoute(
      new Request(`http://localhost/unsubscribe?token=${expiredToken}`, { method: 'POST', body: form }),
      {
        params: Promise.resolve({}),
      },
    );
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as { message: string }).message).toContain('Nothing was changed');
    expect(await disabled()).toEqual([]);

    const response = await post(token);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('new disputes');
    expect(await disabled()).toEqual(['new-dispute']);
    await ingest('dispute');
    expect((await sendDigests()).has(alice)).toBe(false);
  });
});

describe('changes waiting for approval (change-waiting)', () => {
  /** A retail user with the role and the grants on SUB01 given. */
  async function staffUser(roleCode: string, grant: { canRead: boolean; canWrite: boolean }) {
    const email = `staff.${uniqueTag().toLowerCase()}@retail.test`;
    made.push(email);
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, roleCode));
    const [sub] = await db.select({ id: subsidiaries.id }).from(subsidiaries).where(eq(subsidiaries.code, 'SUB01'));
    const [user] = await db.insert(users).values({ name: 'Retail Staff', email, roleId: role.id }).returning({ id: users.id });
    await db.insert(userSubsidiaries).values({ userId: user.id, subsidiaryId: sub.id, ...grant });
    return email;
  }

  it('a supplier’s vendor update e-mails the retail staff who may approve it, and no one else', async () => {
    await ingest('order'); // the vendor trades with SUB01
    await sendDigests();
    const approver = await staffUser('c_admin', { canRead: true, canWrite: true });
    const readsOnly = await staffUser('c_admin', { canRead: true, canWrite: false });
    const noApproval = await staffUser('c_user', { canRead: true, canWrite: true });
    const manager = await supplierUser('manager', 'v_admin');
    made.push(manager);
    const [managerRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, manager));
    const actor = (await actorOfUser(managerRow.id))!;
    await submitVendorUpdate(actor, { vendor: { id: vendor.id, vendordata: { bbbeeLevel: 3 } } } as never, undefined);

    const mails = await sendDigests();
    const mail = mails.get(approver)!;
    expect(mail.subject).toContain('1 master-data change awaiting approval');
    expect(mail.subject).toContain(vendor.code);
    expect(links(mail)).toContain(new URL('/masterdata', env.APP_URL).toString());
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    for (const other of [readsOnly, noApproval, alice, manager]) expect(mails.has(other)).toBe(false);
  });

  it('never e-mails the requester of the changes, even one whose role and grants approve others’', async () => {
    const requester = await staffUser('c_admin', { canRead: true, canWrite: true });
    const approver = await staffUser('c_admin', { canRead: true, canWrite: true });
    const requesterId = await userIdOf(requester);
    await db.transaction((tx) => notifyChangesWaiting(tx, vendor.id, 'item', 2, requesterId));
    const mails = await sendDigests();
    expect(mails.get(approver)?.subject).toContain('2 item changes awaiting approval');
    expect(links(mails.get(approver)!)).toContain(new URL('/changes', env.APP_URL).toString());
    expect(mails.has(requester)).toBe(false);
  });
});

describe('SMTP refusals', () => {
  const refused = (code: number) => `refused-${code}-${uniqueTag().toLowerCase()}@example.test`;
  const enqueue = async (to: string) => {
    const [row] = await db
      .insert(outbox)
      .values({ kind: 'send-email', payload: { to, template: 'notification', data: { subject: 'Hi', lines: ['Hello'] } } })
      .returning({ id: outbox.id });
    return row.id;
  };
  const rowOf = async (id: number) => (await db.select().from(outbox).where(eq(outbox.id, id)))[0];

  afterEach(() => {
    smtp.refuseRecipient = undefined;
  });

  it('a permanent 5xx fails the e-mail at once with the server’s answer, without retries', async () => {
    const to = refused(550);
    smtp.refuseRecipient = (address) => (address === to ? 550 : undefined);
    const id = await enqueue(to);
    await expect(processEmailRow(id)).rejects.toMatchObject({ name: 'UnrecoverableError' });
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await rowOf(id)).lastError).toContain('550');
  });

  it('a temporary 4xx leaves the e-mail to be retried, and it goes once the server takes it', async () => {
    const to = refused(450);
    smtp.refuseRecipient = (address) => (address === to ? 450 : undefined);
    const id = await enqueue(to);
    await expect(processEmailRow(id)).rejects.not.toMatchObject({ name: 'UnrecoverableError' });
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1 });
    smtp.refuseRecipient = undefined;
    expect(await processEmailRow(id)).toBe('sent');
    expect(smtp.to(to)).toHaveLength(1);
  });
});

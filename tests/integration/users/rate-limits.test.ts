import { and, eq, sql } from 'drizzle-orm';
import { db, pool } from '@/db/client';
import { outbox, rateLimitHits } from '@/db/schema';
import * as usersRoute from '@/app/api/users/route';
import * as userRoute from '@/app/api/users/[id]/route';
import * as sendInvitation from '@/app/api/users/[id]/send-invitation/route';
import { PUT as resendRoute } from '@/app/api/orders/resend/[docno]/route';
import { REQUEST_LIMITS } from '@/lib/domain/request-limits';
import { createOrder, removeCreatedDocuments } from '../support/fixtures';
import { callAs, newEmail, userRow } from '../support/users';
import { makeUser } from './grants';

/*
 * Lower items of issue 29: invitations, confirmations of a new address and order resends are limited
 * per hour in PostgreSQL (the reset limit's mechanism, lib/domain/sliding-window.ts) and answer 429
 * with a clear message and Retry-After; nothing is sent past a limit.
 */

afterAll(async () => {
  await removeCreatedDocuments();
  await (await import('@/jobs/queue')).closeQueue();
  await pool.end();
});

/** Earlier requests of a key, as if made `minutesAgo`. */
async function madeBefore(bucket: string, key: string, n: number, minutesAgo = 1) {
  await db
    .insert(rateLimitHits)
    .values(Array.from({ length: n }, () => ({ bucket, key, at: sql`now() - make_interval(mins => ${minutesAgo})` })));
}

const invite = (as: string, email = newEmail('limited')) =>
  callAs(as, usersRoute.POST, '/users', { method: 'POST', body: { name: 'Limited', email, role_id: 4 } }).then((r) => ({ ...r, email }));

describe('invitations', () => {
  it(`are limited to ${REQUEST_LIMITS.invitationsPerUser} an hour per inviting admin: 429 with when to try again, nothing sent`, async () => {
    const admin = await makeUser('m2_admin');
    await madeBefore('invitation-by', String(admin.id), REQUEST_LIMITS.invitationsPerUser - 1, 50);
    expect((await invite(admin.email)).status).toBe(201);
    const refused = await invite(admin.email);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(
      `You have sent ${REQUEST_LIMITS.invitationsPerUser} invitations in the last hour: the invitation was not sent. Please try again in 10 minutes.`,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(540);
    expect(await userRow(refused.email)).toBeUndefined();
    expect(
      await db
        .select()
        .from(outbox)
        .where(sql`${outbox.payload}->>'to' = ${refused.email}`),
    ).toEqual([]);
    // The window slides: once the earlier ones are an hour old, invitations go again.
    await db
      .update(rateLimitHits)
      .set({ at: sql`now() - interval '61 minutes'` })
      .where(and(eq(rateLimitHits.bucket, 'invitation-by'), eq(rateLimitHits.key, String(admin.id))));
    expect((await invite(admin.email)).status).toBe(201);
  });

  it(`are limited to ${REQUEST_LIMITS.invitationsPerAddress} an hour per invited address, resends included`, async () => {
    const admin = await makeUser('m2_admin');
    const { email } = await invite(admin.email);
    const { id } = await userRow(email);
    const resend = () => callAs(admin.email, sendInvitation.POST, '', { method: 'POST', params: { id: String(id) } });
    for (let i = 1; i < REQUEST_LIMITS.invitationsPerAddress; i++) expect((await resend()).status).toBe(200);
    const refused = await resend();
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(new RegExp(`^${email.replace(/\./g, '\\.')} has been sent 3 invitations in the last hour`));
  });
});

describe('confirmations of a new e-mail address', () => {
  it(`are limited to ${REQUEST_LIMITS.emailChangesPerAddress} an hour per address they go to`, async () => {
    const peer = await makeUser('v_admin', { vendors: [['V0001', 'write']] });
    const change = () =>
      callAs('supplier@portal.test', userRoute.PUT, '', {
        method: 'PUT',
        params: { id: String(peer.id) },
        body: { name: peer.name, email: newEmail('wanted'), role_id: 5 },
      });
    for (let i = 0; i < REQUEST_LIMITS.emailChangesPerAddress; i++) expect((await change()).status).toBe(200);
    expect((await change()).status).toBe(429);
  });
});

describe('order resends', () => {
  it(`are limited to ${REQUEST_LIMITS.orderResendsPerUser} an hour per user; past it nothing is queued`, async () => {
    const staff = await makeUser('m2_user');
    const order = await createOrder({ vendorCode: 'V0001' });
    const queued = async () =>
      (
        await db
          .select()
          .from(outbox)
          .where(and(eq(outbox.kind, 'resend-order'), sql`(${outbox.payload}->>'xdocId')::int = ${order.id}`))
      ).length;
    const resend = () => callAs(staff.email, resendRoute, '', { method: 'PUT', params: { docno: order.docno } });
    await madeBefore('order-resend-by', String(staff.id), REQUEST_LIMITS.orderResendsPerUser - 1);
    expect((await resend()).status).toBe(200);
    const sent = await queued();
    expect(sent).toBeGreaterThan(0);
    const refused = await resend();
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(
      /^You have resent 30 orders in the last hour: the order was not resent\. Please try again in \d+ minutes?\.$/,
    );
    expect(await queued()).toBe(sent);
  });
});

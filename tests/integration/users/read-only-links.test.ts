import { eq } from 'drizzle-orm';
import { db, pool } from '@/db/client';
import { users, userVendors } from '@/db/schema';
import * as usersRoute from '@/app/api/users/route';
import * as userRoute from '@/app/api/users/[id]/route';
import * as link from '@/app/api/users/[id]/vendors/[vendorId]/link/route';
import { PUT as respondRoute } from '@/app/api/orders/[id]/route';
import { callRoute, sessionHeaders } from '../support/actors';
import { createOrder, removeCreatedDocuments, vendorByCode } from '../support/fixtures';
import { responseSnapshot } from '../support/inbox';
import { callAs, newEmail, userRow } from '../support/users';
import { makeUser } from './grants';

/*
 * Finding 1 of issue 29, the exact path: a supplier administrator with a read-only link to a vendor
 * invited a user, linked the vendor, signed in as that user and answered an order that had refused the
 * administrator itself. Links now read only unless write is asked for, and write is refused to an
 * administrator that does not write for the vendor itself (refused, not downgraded: the admin learns
 * that the link it asked for cannot be made).
 */

afterAll(async () => {
  await removeCreatedDocuments();
  await (await import('@/jobs/queue')).closeQueue();
  await pool.end();
});

async function signIn(userId: number) {
  // An invited user sets a password from the invitation; here the session is made for it directly.
  await db.update(users).set({ passwordHash: 'set-from-the-invitation' }).where(eq(users.id, userId));
}

const answer = async (as: string, tinyMce: string) =>
  callRoute(respondRoute, `/api/orders/${tinyMce}`, {
    method: 'PUT',
    headers: await sessionHeaders(as),
    params: { id: tinyMce },
    body: { orderResponse: { header: { response: 'confirmed' } } },
  });

async function inviteAndLink(admin: string, vendorId: number, body?: Record<string, unknown>) {
  const email = newEmail('linked');
  const invited = await callAs(admin, usersRoute.POST, '/users', { method: 'POST', body: { name: 'Linked Supplier', email, role_id: 5 } });
  expect(invited.status).toBe(201);
  const { id } = await userRow(email);
  const linked = await callAs(admin, link.POST, `/users/${id}/vendors/${vendorId}/link`, {
    method: 'POST',
    params: { id: String(id), vendorId: String(vendorId) },
    body,
  });
  return { id, email, linked };
}

const linkOf = async (userId: number) =>
  db.select({ vendorId: userVendors.vendorId, canWrite: userVendors.canWrite }).from(userVendors).where(eq(userVendors.userId, userId));

describe('a read-only vendor link never becomes write access', () => {
  it('v_admin with a read-only link invites and links a user: the user cannot answer the order that refused the admin (403)', async () => {
    const vendor = await vendorByCode('V0003');
    const admin = await makeUser('v_admin', { vendors: [['V0003', 'read']] });
    const order = await createOrder({ vendorCode: 'V0003' });
    const before = await responseSnapshot(order.id);
    expect((await answer(admin.email, order.tinyMce)).status).toBe(403);

    // Asking for write is refused, and nothing is linked.
    const asked = await inviteAndLink(admin.email, vendor.id, { write: true });
    expect(asked.linked.status).toBe(403);
    expect(asked.linked.json.message).toBe('You may only give write access to vendors you can write for yourself.');
    expect(await linkOf(asked.id)).toEqual([]);

    // Without write the link is made, read only.
    const { id, email, linked } = await inviteAndLink(admin.email, vendor.id);
    expect(linked.status).toBe(200);
    expect(await linkOf(id)).toEqual([{ vendorId: vendor.id, canWrite: false }]);

    await signIn(id);
    const response = await answer(email, order.tinyMce);
    expect(response.status).toBe(403);
    expect(await responseSnapshot(order.id)).toEqual(before);

    // Having linked it, the admin only reads what the user holds: it cannot change the user any more.
    const off = await callAs(admin.email, userRoute.DELETE, `/users/${id}`, { method: 'DELETE', params: { id: String(id) } });
    expect(off.status).toBe(403);
    expect((await userRow(email)).deletedAt).toBeNull();
  });

  it('a v_admin that writes for the vendor gives write only when it asks for it', async () => {
    const vendor = await vendorByCode('V0003');
    const admin = await makeUser('v_admin', { vendors: [['V0003', 'write']] });
    const readOnly = await inviteAndLink(admin.email, vendor.id);
    expect(await linkOf(readOnly.id)).toEqual([{ vendorId: vendor.id, canWrite: false }]);
    const writing = await inviteAndLink(admin.email, vendor.id, { write: true });
    expect(writing.linked.status).toBe(200);
    expect(await linkOf(writing.id)).toEqual([{ vendorId: vendor.id, canWrite: true }]);

    const order = await createOrder({ vendorCode: 'V0003' });
    await signIn(readOnly.id);
    await signIn(writing.id);
    expect((await answer(readOnly.email, order.tinyMce)).status).toBe(403);
    expect((await answer(writing.email, order.tinyMce)).status).toBe(200);
  });

  it('the portal admin links read only by default, and with write when asked', async () => {
    const vendor = await vendorByCode('V0003');
    const admin = 'admin@portal.test';
    const plain = await inviteAndLink(admin, vendor.id);
    expect(await linkOf(plain.id)).toEqual([{ vendorId: vendor.id, canWrite: false }]);
    // Linking again sets the access asked for.
    const again = await callAs(admin, link.POST, '', {
      method: 'POST',
      params: { id: String(plain.id), vendorId: String(vendor.id) },
      body: { write: true },
    });
    expect(again.status).toBe(200);
    expect(await linkOf(plain.id)).toEqual([{ vendorId: vendor.id, canWrite: true }]);
  });

  it('a new link row defaults to read only in the database itself', async () => {
    const user = await makeUser('v_user');
    const vendor = await vendorByCode('V0003');
    await db.insert(userVendors).values({ userId: user.id, vendorId: vendor.id });
    expect(await linkOf(user.id)).toEqual([{ vendorId: vendor.id, canWrite: false }]);
  });
});

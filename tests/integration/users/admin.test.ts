import { eq, sql } from 'drizzle-orm';
import { db, pool } from '@/db/client';
import { subsidiaries, userSubsidiaries, userVendors, users } from '@/db/schema';
import * as usersRoute from '@/app/api/users/route';
import * as userRoute from '@/app/api/users/[id]/route';
import * as current from '@/app/api/users/current/route';
import * as restore from '@/app/api/users/restore/[id]/route';
import * as sendInvitation from '@/app/api/users/[id]/send-invitation/route';
import * as userVendorsRoute from '@/app/api/users/[id]/vendors/[vendorId]/route';
import * as link from '@/app/api/users/[id]/vendors/[vendorId]/link/route';
import * as unlink from '@/app/api/users/[id]/vendors/[vendorId]/unlink/route';
import { callRoute, sessionHeaders, userId } from '../support/actors';
import { vendorByCode } from '../support/fixtures';
import { callAs, newEmail, userRow } from '../support/users';

const ADMIN = 'admin@portal.test';
const RETAIL_ADMIN = 'retail.admin@portal.test';
const SUPPLIER_ADMIN = 'supplier@portal.test';

afterAll(async () => {
  // Invitations nudge the outbox relay, which opened the queue's Redis connection.
  await (await import('@/jobs/queue')).closeQueue();
  await pool.end();
});

async function subsidiaryId(code: string) {
  const [row] = await db.select({ id: subsidiaries.id }).from(subsidiaries).where(eq(subsidiaries.code, code));
  return row.id;
}

async function invite(as: string, body: Record<string, unknown>) {
  return callAs(as, usersRoute.POST, '/users', { method: 'POST', body });
}

async function inviteSupplierUser(as = SUPPLIER_ADMIN) {
  const email = newEmail('supplier');
  const { status } = await invite(as, { name: 'New Supplier', email, role_id: 4 });
  expect(status).toBe(201);
  return { email, id: (await userRow(email)).id };
}

const linkedCodes = async (id: number) =>
  (
    await db.execute<{ code: string }>(
      sql`select v.code from user_vendors uv join vendors v on v.id = uv.vendor_id where uv.user_id = ${id} order by v.code`,
    )
  ).rows.map((r) => r.code);

describe('invite and edit', () => {
  it('invites a user with the spec message, as the inviter’s child, without a password', async () => {
    const email = newEmail();
    const { status, json } = await invite(ADMIN, { name: 'Ann Invited', email: email.toUpperCase(), role_id: 6 });
    expect(status).toBe(201);
    expect(json.message).toBe('Ann Invited has been invited');
    const row = await userRow(email);
    expect(row).toMatchObject({ roleId: 6, parentUserId: await userId(ADMIN), passwordHash: null, deletedAt: null });
  });

  it('requires name, e-mail and role, and a subsidiary for role ids 1 and 2', async () => {
    const empty = await invite(ADMIN, { name: ' ', email: '' });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.json.errors ?? {})).toEqual(expect.arrayContaining(['name', 'email']));
    const noSubsidiary = await invite(ADMIN, { name: 'Retail', email: newEmail(), role_id: 2, customers: [] });
    expect(noSubsidiary.status).toBe(422);
    expect(noSubsidiary.json.errors?.customers).toEqual(['At least one subsidiary has to be selected']);
  });

  it('refuses a subsidiary that does not exist and an id that is not digits, changing nothing', async () => {
    const email = newEmail();
    const unknown = await invite(ADMIN, { name: 'Nowhere', email, role_id: 2, customers: [{ customer_id: 999999 }] });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors?.customers).toEqual(['The selected subsidiary is invalid.']);
    expect(await userRow(email)).toBeUndefined();
    const hex = await callAs(ADMIN, userRoute.DELETE, '/users/0x10', { method: 'DELETE', params: { id: '0x10' } });
    expect(hex.status).toBe(422);
  });

  it('defaults the role to id 4 and refuses a duplicate e-mail as a field error', async () => {
    const email = newEmail();
    expect((await invite(ADMIN, { name: 'Default Role', email })).status).toBe(201);
    expect((await userRow(email)).roleId).toBe(4);
    const again = await invite(ADMIN, { name: 'Twice', email });
    expect(again.status).toBe(422);
    expect(again.json.errors?.email).toEqual(['The email has already been taken.']);
  });

  it('stores write as read and write, from the customers list or the {id}read/{id}write flags', async () => {
    const [sub1, sub2] = [await subsidiaryId('SUB01'), await subsidiaryId('SUB02')];
    const email = newEmail('retail');
    const body = {
      name: 'Flags',
      email,
      role_id: 2,
      customers: [{ customer_id: sub1 }, { customer_id: sub2 }],
      [`${sub1}write`]: true,
      [`${sub2}read`]: true,
    };
    expect((await invite(RETAIL_ADMIN, body)).status).toBe(201);
    const grants = await db
      .select()
      .from(userSubsidiaries)
      .where(eq(userSubsidiaries.userId, (await userRow(email)).id));
    expect(grants.map((g) => [g.subsidiaryId, g.canRead, g.canWrite]).sort()).toEqual(
      [
        [sub1, true, true],
        [sub2, true, false],
      ].sort(),
    );
  });

  it('lets a retail admin grant only its own subsidiaries and retail roles', async () => {
    const outside = await invite(RETAIL_ADMIN, {
      name: 'Outside',
      email: newEmail(),
      role_id: 2,
      customers: [{ customer_id: await subsidiaryId('SUB03') }],
    });
    expect(outside.status).toBe(403);
    expect(outside.json.message).toBe('You may only grant subsidiaries and rights you hold yourself.');
    const above = await invite(RETAIL_ADMIN, { name: 'Above', email: newEmail(), role_id: 3 });
    expect(above.status).toBe(403);
    expect(above.json.message).toBe('You may not give this role.');
  });

  it('lists only the users an administrator reaches', async () => {
    const emailsOf = async (as: string, query = '') => {
      const { json } = await callAs(as, usersRoute.GET, `/users?search=portal.test${query}`);
      return (json.data as { email: string }[]).map((u) => u.email);
    };
    const retail = await emailsOf(RETAIL_ADMIN);
    expect(retail).toContain('retail.user@portal.test');
    expect(retail).not.toContain('supplier.user@portal.test');
    const supplier = await emailsOf(SUPPLIER_ADMIN);
    expect(supplier).toContain('supplier.user@portal.test');
    expect(supplier).not.toContain('other.supplier@portal.test');
    expect(supplier).not.toContain('retail.user@portal.test');
    const page = await callAs(ADMIN, usersRoute.GET, '/users?vendorCode=V0003');
    expect(page.json).toMatchObject({ current_page: 1, per_page: 20 });
    expect((page.json.data as { email: string }[]).map((u) => u.email)).toContain('other.supplier@portal.test');
  });

  it('answers 404 for a user outside the reach', async () => {
    const id = String(await userId('retail.user@portal.test'));
    const { status } = await callAs(SUPPLIER_ADMIN, userRoute.DELETE, `/users/${id}`, { method: 'DELETE', params: { id } });
    expect(status).toBe(404);
  });

  it('edits a user; the own-name update still works for everyone', async () => {
    const { id } = await inviteSupplierUser(ADMIN);
    const email = newEmail('edited');
    const edit = await callAs(ADMIN, userRoute.PUT, `/users/${id}`, {
      method: 'PUT',
      params: { id: String(id) },
      body: { name: 'Edited Name', email, role_id: 5 },
    });
    expect(edit.status).toBe(200);
    expect(edit.json.message).toBe('Edited Name has been updated');
    expect(await userRow(email)).toMatchObject({ name: 'Edited Name', roleId: 5 });
    const own = await userId('supplier.user@portal.test');
    const rename = await callAs('supplier.user@portal.test', userRoute.PUT, `/users/${own}`, {
      method: 'PUT',
      params: { id: String(own) },
      body: { id: own, name: 'Supplier User' },
    });
    expect(rename.status).toBe(200);
  });
});

describe('self-protection', () => {
  it('refuses to deactivate, re-role or unlink oneself', async () => {
    const me = String(await userId(ADMIN));
    const off = await callAs(ADMIN, userRoute.DELETE, `/users/${me}`, { method: 'DELETE', params: { id: me } });
    expect(off.status).toBe(403);
    expect(off.json.message).toBe('You cannot make yourself inactive.');
    const rerole = await callAs(ADMIN, userRoute.PUT, `/users/${me}`, {
      method: 'PUT',
      params: { id: me },
      body: { name: 'Portal Admin', email: ADMIN, role_id: 4 },
    });
    expect(rerole.status).toBe(403);
    const supplier = String(await userId(SUPPLIER_ADMIN));
    const unlinkSelf = await callAs(SUPPLIER_ADMIN, unlink.DELETE, `/users/${supplier}/vendors/1/unlink`, {
      method: 'DELETE',
      params: { id: supplier, vendorId: '1' },
    });
    expect(unlinkSelf.status).toBe(403);
    expect((await userRow(ADMIN)).roleId).toBe(3);
  });
});

describe('activation', () => {
  it('ends a deactivated user’s session at its next request, and restores it', async () => {
    const { id, email } = await inviteSupplierUser(ADMIN);
    await db.update(users).set({ passwordHash: 'x' }).where(eq(users.id, id));
    const headers = await sessionHeaders(email);
    expect((await callRoute(current.GET, '/users/current', { headers })).status).toBe(200);

    const off = await callAs(ADMIN, userRoute.DELETE, `/users/${id}`, { method: 'DELETE', params: { id: String(id) } });
    expect(off.json.message).toBe('New Supplier has been made inactive');
    expect((await callRoute(current.GET, '/users/current', { headers })).status).toBe(401);
    const inactive = await callAs(ADMIN, usersRoute.GET, `/users?active=false&search=${encodeURIComponent(email)}`);
    expect((inactive.json.data as { id: number }[]).map((u) => u.id)).toEqual([id]);

    const back = await callAs(ADMIN, restore.POST, `/users/restore/${id}`, { method: 'POST', params: { id: String(id) } });
    expect(back.status).toBe(200);
    expect(back.json.message).toBe('New Supplier has been restored');
    expect((await userRow(email)).deletedAt).toBeNull();
    const twice = await callAs(ADMIN, restore.POST, `/users/restore/${id}`, { method: 'POST', params: { id: String(id) } });
    expect(twice.status).toBe(409);
  });

  it('reactivates with PUT deleted_at null, and refuses other edits of an inactive user', async () => {
    const { id, email } = await inviteSupplierUser(ADMIN);
    await callAs(ADMIN, userRoute.DELETE, `/users/${id}`, { method: 'DELETE', params: { id: String(id) } });
    const body = { name: 'New Supplier', email, role_id: 4 };
    const edit = await callAs(ADMIN, userRoute.PUT, `/users/${id}`, { method: 'PUT', params: { id: String(id) }, body });
    expect(edit.status).toBe(409);
    const active = await callAs(ADMIN, userRoute.PUT, `/users/${id}`, {
      method: 'PUT',
      params: { id: String(id) },
      body: { ...body, deleted_at: null },
    });
    expect(active.status).toBe(200);
    expect(active.json.message).toBe('New Supplier has been made active');
  });

  it('ends the sessions of a user whose role changes', async () => {
    const { id, email } = await inviteSupplierUser(ADMIN);
    const headers = await sessionHeaders(email);
    await callAs(ADMIN, userRoute.PUT, `/users/${id}`, {
      method: 'PUT',
      params: { id: String(id) },
      body: { name: 'New Supplier', email, role_id: 5 },
    });
    expect((await callRoute(current.GET, '/users/current', { headers })).status).toBe(401);
  });
});

describe('resending the invitation', () => {
  it('is allowed to the portal admin and the inviter, while the user has never signed in', async () => {
    const { id } = await inviteSupplierUser(SUPPLIER_ADMIN);
    const params = { id: String(id) };
    const url = `/users/${id}/send-invitation`;
    expect((await callAs(SUPPLIER_ADMIN, sendInvitation.POST, url, { method: 'POST', params })).status).toBe(200);
    expect((await callAs(ADMIN, sendInvitation.POST, url, { method: 'POST', params })).status).toBe(200);
    await db
      .update(users)
      .set({ lastLogin: sql`now()` })
      .where(eq(users.id, id));
    const signedIn = await callAs(ADMIN, sendInvitation.POST, url, { method: 'POST', params });
    expect(signedIn.status).toBe(409);
  });

  it('is refused to another administrator who reaches the user but did not invite it', async () => {
    const { id } = await inviteSupplierUser(ADMIN);
    await callAs(ADMIN, link.POST, '', { method: 'POST', params: { id: String(id), vendorId: String((await vendorByCode('V0001')).id) } });
    const { status, json } = await callAs(SUPPLIER_ADMIN, sendInvitation.POST, `/users/${id}/send-invitation`, {
      method: 'POST',
      params: { id: String(id) },
    });
    expect(status).toBe(403);
    expect(json.message).toBe('Only the portal administrator or the user who sent the invitation may resend it.');
  });
});

describe('vendor linking', () => {
  it('links and unlinks in bulk, all or nothing', async () => {
    const { id } = await inviteSupplierUser(SUPPLIER_ADMIN);
    const [v1, v2, v3] = [await vendorByCode('V0001'), await vendorByCode('V0002'), await vendorByCode('V0003')];
    const params = (vendorId: string) => ({ id: String(id), vendorId });

    const foreign = await callAs(SUPPLIER_ADMIN, link.POST, '', { method: 'POST', params: params(`${v1.id},${v3.id}`) });
    expect(foreign.status).toBe(403);
    const missing = await callAs(SUPPLIER_ADMIN, link.POST, '', { method: 'POST', params: params(`${v1.id},999999`) });
    expect(missing.status).toBe(404);
    expect(await linkedCodes(id)).toEqual([]);

    const both = await callAs(SUPPLIER_ADMIN, link.POST, '', { method: 'POST', params: params(`${v1.id},${v2.id}`) });
    expect(both.status).toBe(200);
    expect(both.json.message).toBe('New Supplier has been linked to 2 vendors');
    expect(await linkedCodes(id)).toEqual(['V0001', 'V0002']);

    const linked = await callAs(SUPPLIER_ADMIN, userVendorsRoute.GET, `/users/${id}/vendors/linked?page=1`, { params: params('linked') });
    expect((linked.json.data as { code: string }[]).map((v) => v.code)).toEqual(['V0001', 'V0002']);
    expect(linked.json.total).toBe(2);
    const unlinked = await callAs(ADMIN, userVendorsRoute.GET, `/users/${id}/vendors/unlinked?code=V000`, { params: params('unlinked') });
    expect((unlinked.json.data as { code: string }[]).map((v) => v.code)).not.toContain('V0001');

    const badUnlink = await callAs(SUPPLIER_ADMIN, unlink.DELETE, '', { method: 'DELETE', params: params(`${v1.id},${v3.id}`) });
    expect(badUnlink.status).toBe(403);
    expect(await linkedCodes(id)).toEqual(['V0001', 'V0002']);
    const off = await callAs(SUPPLIER_ADMIN, unlink.DELETE, '', { method: 'DELETE', params: params(`${v1.id},${v2.id}`) });
    expect(off.status).toBe(200);
    expect(await db.select().from(userVendors).where(eq(userVendors.userId, id))).toEqual([]);
  });

  it('links only supplier users, and only active ones', async () => {
    const v1 = String((await vendorByCode('V0001')).id);
    const retail = String(await userId('retail.user@portal.test'));
    const notSupplier = await callAs(ADMIN, link.POST, '', { method: 'POST', params: { id: retail, vendorId: v1 } });
    expect(notSupplier.status).toBe(409);
    const { id } = await inviteSupplierUser(ADMIN);
    await callAs(ADMIN, userRoute.DELETE, '', { method: 'DELETE', params: { id: String(id) } });
    const inactive = await callAs(ADMIN, link.POST, '', { method: 'POST', params: { id: String(id), vendorId: v1 } });
    expect(inactive.status).toBe(409);
  });
});

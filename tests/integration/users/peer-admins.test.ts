import { and, eq, sql } from 'drizzle-orm';
import { db, pool } from '@/db/client';
import { emailChanges, outbox, passwordResets, users } from '@/db/schema';
import * as usersRoute from '@/app/api/users/route';
import * as userRoute from '@/app/api/users/[id]/route';
import * as current from '@/app/api/users/current/route';
import { POST as confirmRoute } from '@/app/api/email/confirm/route';
import { POST as resetRequestRoute } from '@/app/api/password/email/route';
import { pendingEmailChange } from '@/lib/domain/users/email-change';
import { actorFor, callRoute, sessionHeaders, TEST_XSRF } from '../support/actors';
import { callAs, newEmail, userRow } from '../support/users';
import { makeUser } from './grants';

/*
 * Finding 5 of issue 29: administrators could take over peer administrators. A peer administrator's new
 * e-mail address now waits for the user's confirmation from the old address (so a reset to the new
 * address finds no account), the confirmation works once, and changing or deactivating a user needs
 * write on every subsidiary it holds.
 */

const RETAIL_ADMIN = 'retail.admin@portal.test'; // writes SUB01 and SUB02

afterAll(async () => {
  await (await import('@/jobs/queue')).closeQueue();
  await pool.end();
});

const mailsTo = async (to: string) =>
  (
    await db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.kind, 'send-email'), sql`${outbox.payload}->>'to' = ${to}`))
  ).map((r) => r.payload as { data: { subject: string; lines: string[] } });

const tokenIn = (mail: { data: { lines: string[] } }) => /\/email\/confirm\/([A-Za-z0-9_-]{20,})/.exec(mail.data.lines.join('\n'))![1];

async function edit(as: string, target: { id: number; name: string }, body: Record<string, unknown>) {
  return callAs(as, userRoute.PUT, `/users/${target.id}`, {
    method: 'PUT',
    params: { id: String(target.id) },
    body: { name: target.name, ...body },
  });
}

const subsidiaryId = async (code: string) =>
  Number((await db.execute<{ id: number }>(sql`select id from subsidiaries where code = ${code}`)).rows[0].id);

const confirmAs = async (email: string, token: string) =>
  callRoute(confirmRoute, '/api/email/confirm', { method: 'POST', headers: await sessionHeaders(email), body: { token } });

describe("a peer administrator's e-mail address", () => {
  it('changes only when the user confirms it from the old address: pending until then, and a reset to the new address takes nothing', async () => {
    const peer = await makeUser('c_admin', { subsidiaries: [['SUB01', 'write']] });
    await db.update(users).set({ passwordHash: 'x' }).where(eq(users.id, peer.id));
    const peerSession = await sessionHeaders(peer.email);
    const attacker = newEmail('attacker');
    const sub01 = await subsidiaryId('SUB01');

    const changed = await edit(RETAIL_ADMIN, peer, { email: attacker, role_id: 1, customers: [{ customer_id: sub01, write: true }] });
    expect(changed.status).toBe(200);
    expect(changed.json.message).toBe(
      `${peer.name} has been updated; the new e-mail address takes effect once the user confirms it from the current one`,
    );
    expect(changed.json.user as { email: string; pending_email: string }).toMatchObject({ email: peer.email, pending_email: attacker });
    expect((await userRow(peer.email)).id).toBe(peer.id);
    expect(await userRow(attacker)).toBeUndefined();
    // Nothing changed yet, so the user's session goes on.
    expect((await callRoute(current.GET, '/users/current', { headers: peerSession })).status).toBe(200);

    // The link goes to the old address only.
    const [mail] = await mailsTo(peer.email);
    expect(mail.data.subject).toBe('Confirm the new e-mail address of your Trade Portal account');
    expect(mail.data.lines.join(' ')).toContain(attacker);
    expect(await mailsTo(attacker)).toEqual([]);

    // The takeover: a reset to the new address finds no account, so no link is made or sent.
    const resets = async () => (await db.select().from(passwordResets).where(eq(passwordResets.userId, peer.id))).length;
    const resetsBefore = await resets();
    const reset = await callRoute(resetRequestRoute, '/api/password/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${TEST_XSRF}`, 'x-xsrf-token': TEST_XSRF },
      body: { email: attacker },
    });
    expect(reset.status).toBe(200);
    expect(await resets()).toBe(resetsBefore);
    expect(await mailsTo(attacker)).toEqual([]);

    // Confirmation: not by another user, then by the user once; its sessions end and the old address is told.
    const token = tokenIn(mail);
    expect(await pendingEmailChange(await actorFor(peer.email), token)).toEqual({ oldEmail: peer.email, newEmail: attacker });
    expect(await pendingEmailChange(await actorFor(RETAIL_ADMIN), token)).toBeNull();
    expect((await confirmAs(RETAIL_ADMIN, token)).status).toBe(422);
    expect((await userRow(peer.email)).id).toBe(peer.id);

    const confirmed = await confirmAs(peer.email, token);
    expect(confirmed.status).toBe(200);
    expect((await userRow(attacker)).id).toBe(peer.id);
    expect((await callRoute(current.GET, '/users/current', { headers: peerSession })).status).toBe(401);
    const notices = await mailsTo(peer.email);
    expect(notices.map((m) => m.data.subject)).toContain('The e-mail address of your Trade Portal account has changed');

    const again = await confirmAs(attacker, token);
    expect(again.status).toBe(422);
  });

  it('a confirmation link expires, and a newer request replaces the older one', async () => {
    const peer = await makeUser('v_admin', { vendors: [['V0001', 'write']] });
    const first = newEmail('first');
    const second = newEmail('second');
    expect((await edit('supplier@portal.test', peer, { email: first, role_id: 5 })).status).toBe(200);
    const [firstMail] = await mailsTo(peer.email);
    expect((await edit('supplier@portal.test', peer, { email: second, role_id: 5 })).status).toBe(200);
    const secondMail = (await mailsTo(peer.email)).find((m) => m.data.lines.join(' ').includes(second))!;
    expect((await confirmAs(peer.email, tokenIn(firstMail))).status).toBe(422);
    await db
      .update(emailChanges)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailChanges.userId, peer.id));
    expect((await confirmAs(peer.email, tokenIn(secondMail))).status).toBe(422);
    expect((await userRow(peer.email)).id).toBe(peer.id);
  });

  it('the confirmation page’s plain form is answered with a redirect to the page, with a code', async () => {
    const peer = await makeUser('v_admin', { vendors: [['V0001', 'write']] });
    const next = newEmail('formed');
    await edit('supplier@portal.test', peer, { email: next, role_id: 5 });
    const token = tokenIn((await mailsTo(peer.email))[0]);
    const post = async (email: string) => {
      const headers = { ...(await sessionHeaders(email)), 'content-type': 'application/x-www-form-urlencoded' };
      delete (headers as Record<string, string>)['x-xsrf-token'];
      return callRoute(confirmRoute, '/api/email/confirm', {
        method: 'POST',
        headers,
        body: new URLSearchParams({ _token: TEST_XSRF, token }).toString(),
      });
    };
    const done = await post(peer.email);
    expect(done.status).toBe(303);
    expect(new URL(done.headers.get('location')!).pathname + new URL(done.headers.get('location')!).search).toBe(
      `/email/confirm/${token}?status=confirmed`,
    );
    const twice = await post(next);
    expect(new URL(twice.headers.get('location')!).search).toBe('?error=invalid');
  });

  it('an administrator demoted first still has to confirm: the address of anyone who has signed in waits for them', async () => {
    const peer = await makeUser('c_admin', { subsidiaries: [['SUB01', 'write']] });
    await db
      .update(users)
      .set({ passwordHash: 'x', lastLogin: sql`now()` })
      .where(eq(users.id, peer.id));
    const sub01 = await subsidiaryId('SUB01');
    const demoted = await edit(RETAIL_ADMIN, peer, { email: peer.email, role_id: 2, customers: [{ customer_id: sub01 }] });
    expect(demoted.status).toBe(200);

    const attacker = newEmail('after-demotion');
    const changed = await edit(RETAIL_ADMIN, peer, { email: attacker, role_id: 2, customers: [{ customer_id: sub01 }] });
    expect(changed.status).toBe(200);
    expect(changed.json.user as { email: string; pending_email: string }).toMatchObject({ email: peer.email, pending_email: attacker });
    expect(await userRow(attacker)).toBeUndefined();
    expect((await mailsTo(peer.email)).map((m) => m.data.subject)).toContain('Confirm the new e-mail address of your Trade Portal account');
  });

  it('a user who is not an administrator changes address at once: its sessions end and the old address is told', async () => {
    const user = await makeUser('c_user', { subsidiaries: [['SUB01', 'read']] });
    await db.update(users).set({ passwordHash: 'x' }).where(eq(users.id, user.id));
    const session = await sessionHeaders(user.email);
    const next = newEmail('moved');
    const sub01 = await subsidiaryId('SUB01');
    expect((await edit(RETAIL_ADMIN, user, { email: next, role_id: 2, customers: [{ customer_id: sub01 }] })).status).toBe(200);
    expect((await userRow(next)).id).toBe(user.id);
    expect((await callRoute(current.GET, '/users/current', { headers: session })).status).toBe(401);
    expect((await mailsTo(user.email)).map((m) => m.data.subject)).toEqual(['The e-mail address of your Trade Portal account has changed']);
  });
});

describe('changing or deactivating a user needs write on every subsidiary it holds', () => {
  it('a c_admin that only reads the subsidiary cannot deactivate, re-role or re-address a write-holding admin of it (403)', async () => {
    const reader = await makeUser('c_admin', { subsidiaries: [['SUB01', 'read']] });
    const peer = await makeUser('c_admin', { subsidiaries: [['SUB01', 'write']] });
    await db.update(users).set({ passwordHash: 'x' }).where(eq(users.id, peer.id));
    const session = await sessionHeaders(peer.email);
    const sub01 = await subsidiaryId('SUB01');

    // The reader still sees the user in its list.
    const listed = await callAs(reader.email, usersRoute.GET, `/users?search=${encodeURIComponent(peer.email)}`);
    expect((listed.json.data as { id: number }[]).map((u) => u.id)).toEqual([peer.id]);

    const off = await callAs(reader.email, userRoute.DELETE, `/users/${peer.id}`, { method: 'DELETE', params: { id: String(peer.id) } });
    expect(off.status).toBe(403);
    expect(off.json.message).toBe('You need write access to every subsidiary and vendor of this user to change it.');
    const rerole = await edit(reader.email, peer, { email: peer.email, role_id: 2, customers: [{ customer_id: sub01 }] });
    expect(rerole.status).toBe(403);
    const readdress = await edit(reader.email, peer, { email: newEmail('stolen'), role_id: 1, customers: [{ customer_id: sub01 }] });
    expect(readdress.status).toBe(403);
    expect(await userRow(peer.email)).toMatchObject({ id: peer.id, roleId: 1, deletedAt: null });
    expect(await db.select().from(emailChanges).where(eq(emailChanges.userId, peer.id))).toEqual([]);
    expect((await callRoute(current.GET, '/users/current', { headers: session })).status).toBe(200);

    // One that writes the subsidiary may, and the user's sessions end with it.
    const done = await callAs(RETAIL_ADMIN, userRoute.DELETE, `/users/${peer.id}`, { method: 'DELETE', params: { id: String(peer.id) } });
    expect(done.status).toBe(200);
    expect((await callRoute(current.GET, '/users/current', { headers: session })).status).toBe(401);
  });

  it('a role change ends the user’s sessions', async () => {
    const user = await makeUser('c_user', { subsidiaries: [['SUB02', 'write']] });
    await db.update(users).set({ passwordHash: 'x' }).where(eq(users.id, user.id));
    const session = await sessionHeaders(user.email);
    const sub02 = await subsidiaryId('SUB02');
    const promoted = await edit(RETAIL_ADMIN, user, { email: user.email, role_id: 1, customers: [{ customer_id: sub02, write: true }] });
    expect(promoted.status).toBe(200);
    expect((await callRoute(current.GET, '/users/current', { headers: session })).status).toBe(401);
  });
});

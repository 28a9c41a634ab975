import pg from 'pg';
import { POST as login } from '@/app/api/login/route';
import { POST as logout } from '@/app/api/logout/route';
import { GET as currentUser } from '@/app/api/users/current/route';
import { PUT as updateUser } from '@/app/api/users/[id]/route';
import { GET as vendorsLookup } from '@/app/api/vendors/route';
import { GET as storesLookup } from '@/app/api/stores/route';
import { GET as subsidiaryLookup } from '@/app/api/subsidiary/route';
import { createHash, randomBytes } from 'node:crypto';
import { db as appDb, pool as appPool } from '@/db/client';
import { endSessions } from '@/lib/domain/auth/end-sessions';
import { resetPassword } from '@/lib/domain/auth/password-reset';
import { THROTTLE } from '@/lib/domain/auth/throttle';
import { DEMO_PASSWORD as PASSWORD } from '@/db/seed/demo-accounts';

const XSRF = 'test-xsrf-token-123';
// The throttling tests make twenty and more bcrypt comparisons (testTimeout is not a project option).
jest.setTimeout(30_000);
const db = new pg.Pool({ connectionString: process.env.DATABASE_URL });
const noParams = { params: Promise.resolve({}) };

afterAll(async () => {
  await db.end();
  await appPool.end();
});

function formPost(
  path: string,
  fields: Record<string, string>,
  { ip = '10.0.0.1', token = XSRF, headers = {} }: { ip?: string; token?: string; headers?: Record<string, string> } = {},
) {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-forwarded-for': ip,
      host: 'localhost:3000',
      ...headers,
    },
    body: new URLSearchParams({ _token: token, ...fields }),
  });
}

/** Signs in through the real sign-in handler and returns the cookie header a browser would send next. */
async function signIn(email: string, ip = `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {
  const response = await login(formPost('/login', { email, password: PASSWORD }, { ip }), noParams);
  expect(response.status).toBe(303);
  const setCookie = response.headers.get('set-cookie') ?? '';
  const session = setCookie.split(';')[0];
  expect(session).toMatch(/^next-auth\.session-token=.+/);
  return { cookie: `${session}; XSRF-TOKEN=${XSRF}`, location: response.headers.get('location') };
}

/** A new user with the demo password, so a test can change it without touching shared demo accounts. */
async function cloneDemoUser(email: string, roleId: number): Promise<number> {
  const { rows } = await db.query(
    `insert into users (name, email, password_hash, role_id) select 'Temp User', $1, password_hash, $2 from users where email = 'supplier@portal.test' returning id`,
    [email, roleId],
  );
  return rows[0].id;
}

function xhr(path: string, cookie: string, init: RequestInit & { xsrf?: boolean } = {}) {
  const headers: Record<string, string> = { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
  if (init.xsrf !== false) headers['x-xsrf-token'] = XSRF;
  return new Request(`http://localhost${path}`, { ...init, headers });
}

describe('sign-in', () => {
  it('signs a supplier in and sends it to the inbox, staff to history', async () => {
    expect((await signIn('supplier@portal.test')).location).toBe('http://localhost:3000/');
    expect((await signIn('retail.admin@portal.test')).location).toBe('http://localhost:3000/history');
    expect((await signIn('admin@portal.test')).location).toBe('http://localhost:3000/history');
  });

  it('refuses a wrong password with a message and sets no session', async () => {
    const response = await login(
      formPost('/login', { email: 'staff@portal.test', password: 'wrong-password' }, { ip: '10.9.9.9' }),
      noParams,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('set-cookie')).toBeNull();
    const location = new URL(response.headers.get('location')!);
    expect(location.pathname).toBe('/login');
    // A code, not text: the sign-in page has the words (a link cannot make it print its own).
    expect(location.searchParams.get('error')).toBe('credentials');
    expect(location.searchParams.get('email')).toBe('staff@portal.test');
  });

  it('sends the user back to where it was (a safe path of this site) after signing in', async () => {
    const next = '/?tab=disputes&page=2&doc=abc';
    const back = await login(formPost('/login', { email: 'supplier@portal.test', password: PASSWORD, next }, { ip: '10.7.0.1' }), noParams);
    expect(back.headers.get('location')).toBe(`http://localhost:3000${next}`);

    const foreign = await login(
      formPost('/login', { email: 'supplier@portal.test', password: PASSWORD, next: 'https://evil.test/x' }, { ip: '10.7.0.2' }),
      noParams,
    );
    expect(foreign.headers.get('location')).toBe('http://localhost:3000/');

    const failed = await login(
      formPost('/login', { email: 'supplier@portal.test', password: 'wrong', next }, { ip: '10.7.0.3' }),
      noParams,
    );
    const again = new URL(failed.headers.get('location')!);
    expect(again.searchParams.get('next')).toBe(next);
  });

  it('goes back to a path of this site even when dot segments would make it another host', async () => {
    const back = await login(
      formPost('/login', { email: 'supplier@portal.test', password: PASSWORD, next: '/..//evil.example/x' }, { ip: '10.7.0.4' }),
      noParams,
    );
    expect(back.headers.get('location')).toBe('http://localhost:3000/evil.example/x');
  });

  it('redirects to APP_URL, whatever host the request names', async () => {
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const signedIn = await login(
      formPost('/login', { email: 'supplier@portal.test', password: PASSWORD }, { ip: '10.7.0.5', headers: forged }),
      noParams,
    );
    expect(signedIn.headers.get('location')).toBe('http://localhost:3000/');
    const failed = await login(
      formPost('/login', { email: 'supplier@portal.test', password: 'wrong' }, { ip: '10.7.0.6', headers: forged }),
      noParams,
    );
    expect(new URL(failed.headers.get('location')!).origin).toBe('http://localhost:3000');
    const signedOut = await logout(formPost('/logout', {}, { headers: forged }), noParams);
    expect(signedOut.headers.get('location')).toBe('http://localhost:3000/login');
  });

  it('answers an XHR sign-in with JSON and 422 on a wrong password', async () => {
    const request = new Request('http://localhost/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'x-forwarded-for': '10.9.9.8' },
      body: JSON.stringify({ email: 'staff@portal.test', password: 'nope' }),
    });
    const response = await login(request, noParams);
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe('These credentials do not match our records.');
  });

  /** Moves the account's failures back in time, as if `seconds` had passed. */
  const later = (email: string, seconds: number) =>
    db.query(`update login_failures set at = at - make_interval(secs => $2) where email = $1`, [email, seconds]);
  const throttledFor = (response: Response) => {
    const location = new URL(response.headers.get('location')!);
    return location.searchParams.get('error') === 'throttled' ? Number(location.searchParams.get('minutes')) : null;
  };

  it('slows one address down on one account, even with the right password, with a clear message', async () => {
    const email = 'supplier.user@portal.test';
    const ip = '10.2.0.1';
    for (let i = 0; i < THROTTLE.perAccountAndIp; i++) {
      const failed = await login(formPost('/login', { email, password: `wrong-${i}` }, { ip }), noParams);
      expect(new URL(failed.headers.get('location')!).searchParams.get('error')).toBe('credentials');
    }
    const blocked = await login(formPost('/login', { email, password: PASSWORD }, { ip }), noParams);
    expect(blocked.headers.get('set-cookie')).toBeNull();
    expect(throttledFor(blocked)).toBe(1);
    // As an XHR: 429 with the wait in seconds.
    const xhrBlocked = await login(
      new Request('http://localhost/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'x-forwarded-for': ip },
        body: JSON.stringify({ email, password: PASSWORD }),
      }),
      noParams,
    );
    expect(xhrBlocked.status).toBe(429);
    expect(Number(xhrBlocked.headers.get('retry-after'))).toBeLessThanOrEqual(THROTTLE.pairBaseSeconds);
    expect((await xhrBlocked.json()).message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ seconds?\.$/);
    // A wait, not a lock-out: once it has passed, the account signs in from that address again.
    await later(email, THROTTLE.pairBaseSeconds + 1);
    await signIn(email, ip);
  });

  it("keeps the real user out for at most the short account backoff, whatever an attacker's address fails", async () => {
    const email = 'temp.attacked@portal.test';
    await cloneDemoUser(email, 4);
    const attacker = '10.2.6.6';
    // The attacker tries until its address is refused, and again after each wait it is given.
    let failures = 0;
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 10; i++) {
        const answer = await login(formPost('/login', { email, password: `guess-${round}-${i}` }, { ip: attacker }), noParams);
        if (throttledFor(answer) !== null) break;
        failures += 1;
      }
      await later(email, THROTTLE.pairBaseSeconds * 2 ** round);
    }
    // Enough to have locked the account for 15 minutes before (5 failures); the address is slowed, not stopped outright.
    expect(failures).toBeGreaterThanOrEqual(THROTTLE.perAccount + 3);
    await db.query(`update login_failures set at = now() where email = $1 and at = (select max(at) from login_failures where email = $1)`, [
      email,
    ]);
    // The user, right password, another address: at most the short wait, then in.
    const user = '10.2.7.7';
    const first = await login(formPost('/login', { email, password: PASSWORD }, { ip: user }), noParams);
    if (first.headers.get('set-cookie') === null) {
      expect(throttledFor(first)).toBe(1);
      await later(email, THROTTLE.accountMaxSeconds);
      await signIn(email, user);
    }
    // The attacker's address still waits on that account, its failures kept by the user's success.
    expect(throttledFor(await login(formPost('/login', { email, password: 'one-more' }, { ip: attacker }), noParams))).not.toBeNull();
  });

  it('makes anyone wait at most the short backoff after many failures from many addresses', async () => {
    const email = 'temp.spread@portal.test';
    await cloneDemoUser(email, 4);
    for (let i = 0; i < THROTTLE.perAccount + 6; i++)
      await login(formPost('/login', { email, password: `wrong-${i}` }, { ip: `10.2.8.${i}` }), noParams);
    const { rows } = await db.query(`select count(*)::int as n from login_failures where email = $1`, [email]);
    // Some were refused while the account's own wait ran (refusals are not counted).
    expect(rows[0].n).toBeGreaterThanOrEqual(THROTTLE.perAccount);
    const blocked = await login(
      new Request('http://localhost/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'x-forwarded-for': '10.2.9.9' },
        body: JSON.stringify({ email, password: PASSWORD }),
      }),
      noParams,
    );
    if (blocked.status === 429) expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(THROTTLE.accountMaxSeconds);
    await later(email, THROTTLE.accountMaxSeconds);
    await signIn(email, '10.2.9.9');
  });

  it('throttles per address across accounts', async () => {
    const ip = '10.3.3.3';
    for (let i = 0; i < THROTTLE.perIp; i++) {
      await login(formPost('/login', { email: `nobody${i}@example.com`, password: 'x' }, { ip }), noParams);
    }
    const blocked = await login(formPost('/login', { email: 'staff@portal.test', password: PASSWORD }, { ip }), noParams);
    expect(new URL(blocked.headers.get('location')!).searchParams.get('error')).toBe('throttled');
  });

  it('refuses a sign-in form without the anti-forgery token: no session, back to the sign-in page (not JSON)', async () => {
    const response = await login(formPost('/login', { email: 'staff@portal.test', password: PASSWORD }, { token: 'forged' }), noParams);
    expect(response.status).toBe(303);
    expect(response.headers.get('set-cookie')).toBeNull();
    const location = new URL(response.headers.get('location')!);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('failed');
    // The same request as an XHR is the API's 419.
    const xhr = await login(
      new Request('http://localhost/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: `XSRF-TOKEN=${XSRF}` },
        body: JSON.stringify({ email: 'staff@portal.test', password: PASSWORD }),
      }),
      noParams,
    );
    expect(xhr.status).toBe(419);
  });

  it('answers a sign-in form with text that cannot be stored (a NUL) on the sign-in page, not with JSON', async () => {
    const response = await login(
      formPost('/login', { email: 'staff\u0000@portal.test', password: PASSWORD }, { ip: '10.7.1.1' }),
      noParams,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('set-cookie')).toBeNull();
    const location = new URL(response.headers.get('location')!);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('failed');
  });
});

describe('session', () => {
  it('GET /users/current returns the signed-in user with role, subsidiaries and flags', async () => {
    const { cookie } = await signIn('retail.admin@portal.test');
    const response = await currentUser(xhr('/users/current', cookie), noParams);
    expect(response.status).toBe(200);
    const user = await response.json();
    expect(user).toMatchObject({ email: 'retail.admin@portal.test', role_id: 1, role: { id: 1, code: 'c_admin' } });
    expect(user.customers).toHaveLength(2);
    const first = user.customers[0].customer_id;
    expect(user[`${first}read`]).toBe(true);
    expect(user[`${first}write`]).toBe(true);
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('answers 401 without a session and with a forged cookie', async () => {
    expect((await currentUser(xhr('/users/current', ''), noParams)).status).toBe(401);
    expect((await currentUser(xhr('/users/current', 'next-auth.session-token=forged'), noParams)).status).toBe(401);
  });

  it('stops a deactivated user at the next request', async () => {
    const id = await cloneDemoUser('temp.deactivate@portal.test', 4);
    const { cookie } = await signIn('temp.deactivate@portal.test');
    expect((await currentUser(xhr('/users/current', cookie), noParams)).status).toBe(200);
    await db.query('update users set deleted_at = now() where id = $1', [id]);
    expect((await currentUser(xhr('/users/current', cookie), noParams)).status).toBe(401);
  });

  it('signs out by clearing the session cookie', async () => {
    // A user of its own: signing out ends every session of the user, and other suites use the demo ones.
    await cloneDemoUser('temp.cookie.signout@portal.test', 2);
    const { cookie } = await signIn('temp.cookie.signout@portal.test');
    const response = await logout(xhr('/logout', cookie, { method: 'POST' }), noParams);
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/next-auth\.session-token=;.*Max-Age=0/);
  });

  it('"sign in again now" signs out and sends the form to sign-in with the way back', async () => {
    const response = await logout(formPost('/logout', { next: '/?tab=orders&doc=X' }), noParams);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://localhost:3000/login?next=%2F%3Ftab%3Dorders%26doc%3DX');
    expect(response.headers.get('set-cookie')).toMatch(/Max-Age=0/);
  });
});

describe('ending sessions', () => {
  const status = async (cookie: string) => (await currentUser(xhr('/users/current', cookie), noParams)).status;

  it('sign-out ends every session of the user at its next request, and only theirs', async () => {
    await cloneDemoUser('temp.signout.all@portal.test', 4);
    const first = await signIn('temp.signout.all@portal.test');
    const second = await signIn('temp.signout.all@portal.test');
    const someoneElse = await signIn('supplier.user@portal.test');
    expect([await status(first.cookie), await status(second.cookie)]).toEqual([200, 200]);

    expect((await logout(xhr('/logout', first.cookie, { method: 'POST' }), noParams)).status).toBe(200);
    // The browser that signed out dropped its cookie, but a copy of it (or another device) is refused too.
    expect([await status(first.cookie), await status(second.cookie)]).toEqual([401, 401]);
    expect(await status(someoneElse.cookie)).toBe(200);
    // Signing in again starts a session that works.
    expect(await status((await signIn('temp.signout.all@portal.test')).cookie)).toBe(200);
  });

  it('a new password ends every session begun with the old one', async () => {
    const id = await cloneDemoUser('temp.reset.sessions@portal.test', 4);
    const before = await signIn('temp.reset.sessions@portal.test');
    const token = randomBytes(24).toString('hex');
    await db.query(`insert into password_resets (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 hour')`, [
      id,
      createHash('sha256').update(token).digest('hex'),
    ]);
    await resetPassword({ token, password: 'a-new-Password-1', password_confirmation: 'a-new-Password-1' });
    expect(await status(before.cookie)).toBe(401);
  });

  it('ends nothing when the change it belongs to rolls back', async () => {
    const id = await cloneDemoUser('temp.rollback.sessions@portal.test', 4);
    const { cookie } = await signIn('temp.rollback.sessions@portal.test');
    await expect(
      appDb.transaction(async (tx) => {
        await endSessions(tx, id);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await status(cookie)).toBe(200);
    await endSessions(appDb, id);
    expect(await status(cookie)).toBe(401);
  });

  it('a sign-out without a session answers as usual and ends nobody’s', async () => {
    const someone = await signIn('supplier.user@portal.test');
    const response = await logout(xhr('/logout', `XSRF-TOKEN=${XSRF}`, { method: 'POST' }), noParams);
    expect(response.status).toBe(200);
    expect(await status(someone.cookie)).toBe(200);
  });
});

describe('anti-forgery and bad input', () => {
  it('refuses a state-changing call without X-XSRF-TOKEN with 419 and changes nothing', async () => {
    const { cookie } = await signIn('staff@portal.test');
    const { rows } = await db.query(`select id, name from users where email = 'staff@portal.test'`);
    const response = await updateUser(
      xhr(`/users/${rows[0].id}`, cookie, { method: 'PUT', body: JSON.stringify({ id: rows[0].id, name: 'Hacked' }), xsrf: false }),
      { params: Promise.resolve({ id: String(rows[0].id) }) },
    );
    expect(response.status).toBe(419);
    expect((await response.json()).message).toMatch(/CSRF token mismatch/);
    const after = await db.query(`select name from users where id = $1`, [rows[0].id]);
    expect(after.rows[0].name).toBe(rows[0].name);
  });

  it('updates the own name, and refuses an empty one with the spec message', async () => {
    // A user of its own, so other suites that show demo users' names are not affected.
    const id = await cloneDemoUser('rename.me@portal.test', 4);
    const { cookie } = await signIn('rename.me@portal.test');
    const ctx = { params: Promise.resolve({ id: String(id) }) };
    const empty = await updateUser(xhr(`/users/${id}`, cookie, { method: 'PUT', body: JSON.stringify({ id, name: '   ' }) }), ctx);
    expect(empty.status).toBe(422);
    expect((await empty.json()).errors.name).toEqual(['You need to write something!']);
    const invisible = await updateUser(
      xhr(`/users/${id}`, cookie, { method: 'PUT', body: JSON.stringify({ id, name: '\u200B\u200D\uFEFF' }) }),
      ctx,
    );
    expect(invisible.status).toBe(422);
    expect((await invisible.json()).errors.name).toEqual(['You need to write something!']);
    const ok = await updateUser(xhr(`/users/${id}`, cookie, { method: 'PUT', body: JSON.stringify({ id, name: 'Thandi Supplier' }) }), ctx);
    expect(ok.status).toBe(200);
    expect((await db.query('select name from users where id = $1', [id])).rows[0].name).toBe('Thandi Supplier');
  });

  it('answers malformed bodies and parameters with a 4xx message, never a 500', async () => {
    const { cookie } = await signIn('staff@portal.test');
    const ctx = { params: Promise.resolve({ id: 'abc' }) };
    const badJson = await updateUser(xhr('/users/abc', cookie, { method: 'PUT', body: '{"id": 1,' }), ctx);
    expect(badJson.status).toBe(400);
    expect((await badJson.json()).message).toBe('The request body is not valid JSON.');
    const badId = await updateUser(xhr('/users/abc', cookie, { method: 'PUT', body: JSON.stringify({ id: 1, name: 'x' }) }), ctx);
    expect(badId.status).toBe(422);
    expect((await badId.json()).message).toBe('The user id must be a number.');
    const array = await updateUser(xhr('/users/1', cookie, { method: 'PUT', body: '[1,2]' }), { params: Promise.resolve({ id: '1' }) });
    expect(array.status).toBe(400);
    const badLimit = await vendorsLookup(xhr('/vendors?limit=-3', cookie), noParams);
    expect(badLimit.status).toBe(422);
    expect((await badLimit.json()).message).toBe('limit must be at least 1.');
  });

  it('refuses to rename someone else', async () => {
    const { cookie } = await signIn('other.supplier@portal.test');
    const { rows } = await db.query(`select id from users where email = 'supplier@portal.test'`);
    const id = rows[0].id;
    const response = await updateUser(xhr(`/users/${id}`, cookie, { method: 'PUT', body: JSON.stringify({ id, name: 'Mine now' }) }), {
      params: Promise.resolve({ id: String(id) }),
    });
    expect(response.status).toBe(403);
  });
});

describe('look-ups', () => {
  it('shows a supplier only its own vendors', async () => {
    const { cookie } = await signIn('other.supplier@portal.test');
    const vendors = await (await vendorsLookup(xhr('/vendors?limit=20', cookie), noParams)).json();
    expect(vendors.map((v: { code: string }) => v.code)).toEqual(['V0003']);
    const search = await (await vendorsLookup(xhr('/vendors?limit=20&searchCode=V0001', cookie), noParams)).json();
    expect(search).toEqual([]);
  });

  it('lets staff search all vendors by code with a limit', async () => {
    const { cookie } = await signIn('admin@portal.test');
    const all = await (await vendorsLookup(xhr('/vendors?limit=20', cookie), noParams)).json();
    expect(all).toHaveLength(20);
    const one = await (await vendorsLookup(xhr('/vendors?limit=20&searchCode=V0002', cookie), noParams)).json();
    expect(one.map((v: { code: string }) => v.code)).toEqual(['V0002']);
  });

  it('lists stores and the retail user only its own subsidiary', async () => {
    const { cookie } = await signIn('retail.user@portal.test');
    // A type-ahead page of 20 by default (spec §9); more only when asked for, at most 100.
    expect(await (await storesLookup(xhr('/stores', cookie), noParams)).json()).toHaveLength(20);
    const stores = await (await storesLookup(xhr('/stores?limit=100', cookie), noParams)).json();
    expect(stores.length).toBeGreaterThanOrEqual(30);
    const subs = await (await subsidiaryLookup(xhr('/subsidiary?limit=100', cookie), noParams)).json();
    expect(subs.subsidiaries).toHaveLength(1);
    expect(subs).toHaveProperty('selected_subsidiary');
  });
});

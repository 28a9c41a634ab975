import pg from 'pg';
import { TestSmtpServer } from '../support/smtp';
import { DEMO_PASSWORD } from '@/db/seed/demo-accounts';

/**
 * The whole forgot-password path on real parts: the handler writes the reset link and its e-mail in one
 * transaction, the worker delivers it to a real SMTP server, and the link in that e-mail sets a new password.
 */
const smtp = new TestSmtpServer();
const db = new pg.Pool({ connectionString: process.env.DATABASE_URL });
const XSRF = 'reset-test-xsrf';
const noParams = { params: Promise.resolve({}) };

type Modules = {
  requestReset: typeof import('@/app/api/password/email/route').POST;
  reset: typeof import('@/app/api/password/reset/route').POST;
  login: typeof import('@/app/api/login/route').POST;
  worker: import('@/jobs/worker').RunningWorker;
  closeQueue: () => Promise<void>;
  appPool: pg.Pool;
};
let m: Modules;

beforeAll(async () => {
  await smtp.start();
  process.env.SMTP_URL = smtp.url;
  process.env.APP_URL = 'http://portal.example:3000';
  const { startWorker } = await import('@/jobs/worker');
  const { getQueue, closeQueue } = await import('@/jobs/queue');
  await (await getQueue()).obliterate({ force: true });
  m = {
    requestReset: (await import('@/app/api/password/email/route')).POST,
    reset: (await import('@/app/api/password/reset/route')).POST,
    login: (await import('@/app/api/login/route')).POST,
    worker: await startWorker({ relayIntervalMs: 200, closePool: false }),
    closeQueue,
    appPool: (await import('@/db/client')).pool,
  };
});

afterAll(async () => {
  await m.worker.stop();
  await m.closeQueue();
  await m.appPool.end();
  await smtp.stop();
  await db.end();
});

function jsonPost(path: string, body: unknown, ip?: string) {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: {
      ...(ip ? { 'x-forwarded-for': ip } : {}),
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
    },
    body: JSON.stringify(body),
  });
}

async function waitFor<T>(probe: () => T | undefined, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Undoes quoted-printable soft line breaks and escapes so the link can be read from the raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

it('e-mails a single-use link that sets a new password, valid for 60 minutes', async () => {
  // Its own user: changing a shared demo account's password would break other suites' sign-ins.
  const email = 'reset.me@portal.test';
  await db.query(
    `insert into users (name, email, password_hash, role_id) select 'Reset Me', $1, password_hash, 2 from users where email = 'supplier@portal.test'`,
    [email],
  );
  const response = await m.requestReset(jsonPost('/password/email', { email: `  ${email.toUpperCase()} ` }), noParams);
  expect(response.status).toBe(200);
  expect((await response.json()).message).toBe('We have sent you an email to reset your password');

  const mail = await waitFor(() => smtp.to(email)[0]);
  const body = decodeQuotedPrintable(mail.raw);
  const link = /http:\/\/portal\.example:3000\/password\/reset\/([A-Za-z0-9_-]{20,})/.exec(body);
  expect(link).not.toBeNull();
  const token = link![1];

  const { rows } = await db.query(
    `select extract(epoch from pr.expires_at - pr.created_at) / 60 as minutes from password_resets pr join users u on u.id = pr.user_id where u.email = $1`,
    [email],
  );
  expect(Math.round(Number(rows[0].minutes))).toBe(60);

  const newPassword = 'New-Password-2026!';
  const set = await m.reset(jsonPost('/password/reset', { token, password: newPassword, password_confirmation: newPassword }), noParams);
  expect(set.status).toBe(200);

  const signIn = await m.login(jsonPost('/login', { email, password: newPassword }), noParams);
  expect(signIn.status).toBe(200);
  const oldPassword = await m.login(jsonPost('/login', { email, password: DEMO_PASSWORD }), noParams);
  expect(oldPassword.status).toBe(422);

  const again = await m.reset(
    jsonPost('/password/reset', { token, password: 'Another-1234', password_confirmation: 'Another-1234' }),
    noParams,
  );
  expect(again.status).toBe(422);
  expect((await again.json()).message).toBe('This password reset link is invalid or has expired.');
});

it('answers unknown addresses exactly like known ones and sends nothing', async () => {
  const before = smtp.messages.length;
  const response = await m.requestReset(jsonPost('/password/email', { email: 'nobody@nowhere.test' }), noParams);
  expect(response.status).toBe(200);
  expect((await response.json()).message).toBe('We have sent you an email to reset your password');
  await new Promise((r) => setTimeout(r, 1000));
  expect(smtp.messages.length).toBe(before);
});

it('refuses an empty or invalid e-mail with a field message', async () => {
  const empty = await m.requestReset(jsonPost('/password/email', { email: '   ' }), noParams);
  expect(empty.status).toBe(422);
  expect((await empty.json()).errors.email[0]).toBe('Please enter your e-mail address.');
  const invalid = await m.requestReset(jsonPost('/password/email', { email: 'not-an-address' }), noParams);
  expect(invalid.status).toBe(422);
});

it('refuses an expired link', async () => {
  const email = 'staff@portal.test';
  await m.requestReset(jsonPost('/password/email', { email }), noParams);
  const mail = await waitFor(() => smtp.to(email)[0]);
  const token = /\/password\/reset\/([A-Za-z0-9_-]{20,})/.exec(decodeQuotedPrintable(mail.raw))![1];
  await db.query(
    `update password_resets set expires_at = now() - interval '1 minute' where user_id = (select id from users where email = $1)`,
    [email],
  );
  const response = await m.reset(
    jsonPost('/password/reset', { token, password: 'Expired-12345', password_confirmation: 'Expired-12345' }),
    noParams,
  );
  expect(response.status).toBe(422);
});

describe('limits on reset e-mails', () => {
  const SENT = 'We have sent you an email to reset your password';
  const linksOf = async (email: string) =>
    Number(
      (await db.query(`select count(*) from password_resets pr join users u on u.id = pr.user_id where u.email = $1`, [email])).rows[0]
        .count,
    );
  const ask = async (email: string, ip: string) => {
    const response = await m.requestReset(jsonPost('/password/email', { email }, ip), noParams);
    return { status: response.status, message: (await response.json()).message };
  };
  const cloneUser = (email: string) =>
    db.query(
      `insert into users (name, email, password_hash, role_id) select 'Limited', $1, password_hash, 4 from users where email = 'supplier@portal.test'`,
      [email],
    );

  it('sends at most three per address in 15 minutes, from any client address, answering the same', async () => {
    const email = 'reset.limit.address@portal.test';
    await cloneUser(email);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await ask(email, `10.20.0.${i + 1}`));
    expect(answers).toEqual(Array(5).fill({ status: 200, message: SENT }));
    expect(await linksOf(email)).toBe(3);
    await waitFor(() => (smtp.to(email).length === 3 ? true : undefined));
    await new Promise((r) => setTimeout(r, 600));
    expect(smtp.to(email)).toHaveLength(3);
  });

  it('sends at most ten per client address in 15 minutes, whoever they are for', async () => {
    const ip = '10.30.0.1';
    for (let i = 0; i < 10; i++) expect(await ask(`nobody.${i}@nowhere.test`, ip)).toEqual({ status: 200, message: SENT });
    const email = 'reset.limit.client@portal.test';
    await cloneUser(email);
    // Past the limit a known address gets the same answer, and no link.
    expect(await ask(email, ip)).toEqual({ status: 200, message: SENT });
    expect(await linksOf(email)).toBe(0);
    // From another client address it is sent.
    expect(await ask(email, '10.30.0.2')).toEqual({ status: 200, message: SENT });
    expect(await linksOf(email)).toBe(1);
  });

  it('counts a burst of requests for one address one at a time', async () => {
    const email = 'reset.limit.burst@portal.test';
    await cloneUser(email);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => ask(email, `10.40.0.${i + 1}`)));
    expect(answers.every((a) => a.status === 200 && a.message === SENT)).toBe(true);
    expect(await linksOf(email)).toBe(3);
  });

  it('lets an address ask again once its requests age out of the window', async () => {
    const email = 'reset.limit.window@portal.test';
    await cloneUser(email);
    for (let i = 0; i < 3; i++) await ask(email, `10.50.0.${i + 1}`);
    expect(await linksOf(email)).toBe(3);
    await db.query(`update password_reset_requests set at = now() - interval '16 minutes' where email = $1`, [email]);
    await ask(email, '10.50.0.9');
    expect(await linksOf(email)).toBe(4);
  });
});

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
  await getQueue().obliterate({ force: true });
  m = {
    requestReset: (await import('@/app/api/password/email/route')).POST,
    reset: (await import('@/app/api/password/reset/route')).POST,
    login: (await import('@/app/api/login/route')).POST,
    worker: startWorker({ relayIntervalMs: 200, closePool: false }),
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

function jsonPost(path: string, body: unknown) {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: {
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

import pg from 'pg';
import ExcelJS from 'exceljs';
import { TestSmtpServer } from '../support/smtp';

/**
 * The e-mails of issue 11 on real parts: handlers write outbox rows, the worker delivers them to a real
 * SMTP server. The invitation's link sets a password exactly once; a notification whose code the
 * recipient turned off is not sent; the vendor report arrives as an attachment; a certificate that
 * expires within 30 days is reminded once.
 */
const smtp = new TestSmtpServer();
const db = new pg.Pool({ connectionString: process.env.DATABASE_URL });
const noParams = { params: Promise.resolve({}) };

type Modules = {
  worker: import('@/jobs/worker').RunningWorker;
  closeQueue: () => Promise<void>;
  appPool: pg.Pool;
  callAs: typeof import('../support/users').callAs;
  newEmail: typeof import('../support/users').newEmail;
};
let m: Modules;

beforeAll(async () => {
  await smtp.start();
  process.env.SMTP_URL = smtp.url;
  process.env.APP_URL = 'http://portal.example:3000';
  const { startWorker } = await import('@/jobs/worker');
  const { getQueue, closeQueue } = await import('@/jobs/queue');
  await (await getQueue()).obliterate({ force: true });
  const support = await import('../support/users');
  m = {
    worker: await startWorker({ relayIntervalMs: 200, closePool: false }),
    closeQueue,
    appPool: (await import('@/db/client')).pool,
    callAs: support.callAs,
    newEmail: support.newEmail,
  };
});

afterAll(async () => {
  await m.worker.stop();
  await m.closeQueue();
  await m.appPool.end();
  await smtp.stop();
  await db.end();
});

async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, ms = 15_000): Promise<T> {
  for (const until = Date.now() + ms; ;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

function jsonPost(path: string, body: unknown) {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
    body: JSON.stringify(body),
  });
}

it('e-mails an invitation whose link, valid 7 days, sets the password exactly once', async () => {
  const users = await import('@/app/api/users/route');
  const reset = (await import('@/app/api/password/reset/route')).POST;
  const login = (await import('@/app/api/login/route')).POST;
  const email = m.newEmail('invited');
  const invited = await m.callAs('admin@portal.test', users.POST, '/users', {
    method: 'POST',
    body: { name: 'Ina Vited', email, role_id: 4 },
  });
  expect(invited.status).toBe(201);

  const mail = await waitFor(() => smtp.to(email)[0]);
  expect(mail.subject).toBe('You have been invited to the Trade Portal');
  const token = /http:\/\/portal\.example:3000\/password\/reset\/([A-Za-z0-9_-]{20,})/.exec(decodeQuotedPrintable(mail.raw))![1];
  const { rows } = await db.query(
    `select round(extract(epoch from pr.expires_at - pr.created_at) / 86400) as days from password_resets pr join users u on u.id = pr.user_id where u.email = $1`,
    [email],
  );
  expect(Number(rows[0].days)).toBe(7);

  const password = 'Invited-Password-2026';
  const set = await reset(jsonPost('/password/reset', { token, password, password_confirmation: password }), noParams);
  expect(set.status).toBe(200);
  expect((await login(jsonPost('/login', { email, password }), noParams)).status).toBe(200);
  const again = await reset(
    jsonPost('/password/reset', { token, password: 'Other-Password-1', password_confirmation: 'Other-Password-1' }),
    noParams,
  );
  expect(again.status).toBe(422);
});

it('does not send a notification whose code the recipient disabled, and sends it once enabled again', async () => {
  const prefs = await import('@/app/api/users/preferences/email/route');
  const { enqueueInOutbox } = await import('@/jobs/enqueue');
  const { db: appDb } = await import('@/db/client');
  const { outbox } = await import('@/db/schema');
  const { eq } = await import('drizzle-orm');
  const to = 'supplier.user@portal.test';
  const notify = (subject: string) =>
    enqueueInOutbox(appDb, 'send-email', { to, code: 'new-order', template: 'notification', data: { subject, lines: ['A new order.'] } });

  const off = await m.callAs(to, prefs.PUT, '/users/preferences/email', {
    method: 'PUT',
    body: { codes: ['new-order', 'new-return-order'], disabled: true },
  });
  expect(off.status).toBe(200);
  const skipped = await notify('Muted order');
  await waitFor(async () => ((await appDb.select().from(outbox).where(eq(outbox.id, skipped)))[0].status === 'done' ? true : undefined));
  expect(smtp.to(to).map((mail) => mail.subject)).not.toContain('Muted order');

  await m.callAs(to, prefs.PUT, '/users/preferences/email', {
    method: 'PUT',
    body: { codes: ['new-order', 'new-return-order'], disabled: false },
  });
  await notify('Audible order');
  await waitFor(() => smtp.to(to).find((mail) => mail.subject === 'Audible order'));
});

it('answers the vendor report at once and e-mails the workbook as an attachment', async () => {
  const report = await import('@/app/api/users/vendorreport/route');
  const { status, json } = await m.callAs('admin@portal.test', report.GET, '/users/vendorreport');
  expect(status).toBe(200);
  expect(json.message).toBe('Vendor Report should be sent to your email within 5 minutes');
  const mail = await waitFor(() => smtp.to('admin@portal.test').find((x) => x.subject === 'Your vendor report'));
  const part = /filename="?vendor_report\.xlsx"?[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail.raw);
  expect(part).not.toBeNull();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(part![1].replace(/\s/g, ''), 'base64') as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Vendors')!;
  expect(sheet.getRow(1).getCell(1).value).toBe('Code');
  expect(sheet.getRow(2).getCell(1).value).toBe('V0001');
});

it('reminds the supplier admins of a certificate 30 days before it expires, once per certificate', async () => {
  const { remindExpiringCertificates } = await import('@/lib/domain/vendors/remind-expiring-certificates');
  await db.query(
    `update vendors set vendordata = vendordata || jsonb_build_object('bbbeeExpiry', to_char(current_date + 20, 'YYYY-MM-DD')) where code = 'V0003'`,
  );
  try {
    expect(await remindExpiringCertificates()).toBeGreaterThanOrEqual(1);
    await remindExpiringCertificates();
    const mail = await waitFor(() =>
      smtp.to('other.supplier@portal.test').find((x) => x.subject.startsWith('B-BBEE certificate of V0003')),
    );
    expect(mail).toBeDefined();
    // Dates in e-mails read as on the screens (issue 26): DD-MM-YYYY, not the stored ISO date.
    expect(mail!.subject).toMatch(/expires on \d{2}-\d{2}-\d{4}$/);
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.to('other.supplier@portal.test').filter((x) => x.subject.startsWith('B-BBEE certificate of V0003'))).toHaveLength(1);
  } finally {
    await db.query(`update vendors set vendordata = vendordata || '{"bbbeeExpiry": "2027-03-28"}' where code = 'V0003'`);
  }
});

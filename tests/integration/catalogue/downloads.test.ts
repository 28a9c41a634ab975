import { GET as downloadFileRoute } from '@/app/api/downloads/[token]/route';
import { POST as itemsDownloadRoute } from '@/app/api/items/download/route';
import { GET as itemsVerifyDownloadRoute } from '@/app/api/items/verify/download/route';
import { POST as pricingsDownloadRoute } from '@/app/api/pricings/download/route';
import { pool } from '@/db/client';
import { catalogueDownloadJob } from '@/jobs/processors/catalogue-download';
import { sendEmailJob } from '@/jobs/processors/send-email';
import { openDownload } from '@/lib/domain/catalogue/open-download';
import { env } from '@/lib/env';
import { actorFor, callRoute, sessionHeaders } from '../support/actors';
import { endMailingCatalogueTests, rowsOfXlsx, runJobs } from '../support/catalogue';
import { TestSmtpServer } from '../support/smtp';

const SUPPLIER = 'supplier@portal.test';
const OTHER = 'other.supplier@portal.test';
const MINUTE = 60 * 1000;
const smtp = new TestSmtpServer();

beforeAll(async () => {
  await smtp.start();
  env.SMTP_URL = smtp.url;
});

afterAll(async () => {
  await endMailingCatalogueTests(smtp);
  await pool.end();
});

async function call(handler: typeof itemsDownloadRoute, method: 'GET' | 'POST', email = SUPPLIER) {
  const response = await callRoute(handler, '/api/x', { method, headers: await sessionHeaders(email) });
  return { status: response.status, body: (await response.json()) as { success?: boolean; message: string } };
}

/** The link's token in the received e-mail (quoted-printable soft line breaks undone). */
function tokenInMail(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '');
  const match = new RegExp(`${env.APP_URL.replace(/[/.]/g, '\\$&')}/downloads/([A-Za-z0-9._-]+)`).exec(text);
  if (!match) throw new Error('no download link in the message');
  return match[1];
}

const getFile = async (token: string, email = SUPPLIER) =>
  callRoute(downloadFileRoute, `/api/downloads/${token}`, { headers: await sessionHeaders(email), params: { token } });

describe('e-mailed item download', () => {
  it('is asked for, built by the worker, e-mailed as a link, opened within the hour and refused after it', async () => {
    expect(await call(itemsVerifyDownloadRoute, 'GET')).toEqual({
      status: 200,
      body: {
        success: true,
        message: 'Your data is being processed and will be e-mailed to you; this can take up to 5 minutes. The link expires after an hour.',
      },
    });
    expect(await call(itemsDownloadRoute, 'POST')).toEqual({
      status: 200,
      body: { success: true, message: 'Processing in the background, check your emails after few minutes' },
    });
    // Until the worker has built it, a second one is not started.
    const busy = 'Please try again after few minutes, there is a background process in progress';
    expect(await call(itemsVerifyDownloadRoute, 'GET')).toEqual({ status: 200, body: { success: false, message: busy } });
    expect((await call(itemsDownloadRoute, 'POST')).status).toBe(409);

    const madeAt = new Date();
    const [token] = await runJobs(
      'catalogue-download',
      catalogueDownloadJob(() => madeAt),
    );
    expect((await call(itemsVerifyDownloadRoute, 'GET')).body.success).toBe(true);
    await runJobs('send-email', sendEmailJob);
    const mail = smtp.to(SUPPLIER).find((m) => m.subject === 'Your items download is ready');
    expect(tokenInMail(mail!.raw)).toBe(token);

    // Within the hour the link gives the workbook of every item the supplier may see.
    const response = await getFile(token!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="items_export.xlsx"');
    const rows = await rowsOfXlsx(await response.arrayBuffer());
    expect(rows).toHaveLength(41);
    expect(new Set(rows.slice(1).map((r) => r[0]))).toEqual(new Set(['V0001', 'V0002']));

    const supplier = await actorFor(SUPPLIER);
    expect((await openDownload(supplier, token!, () => new Date(madeAt.getTime() + 59 * MINUTE))).status).toBe('ready');
    expect(await openDownload(supplier, token!, () => new Date(madeAt.getTime() + 61 * MINUTE))).toEqual({
      status: 'expired',
      expiredAt: new Date(Math.floor((madeAt.getTime() + 60 * MINUTE) / 1000) * 1000),
    });
  });

  it('answers 410 with the expiry message for a link whose hour is over', async () => {
    await call(itemsDownloadRoute, 'POST');
    const [token] = await runJobs(
      'catalogue-download',
      catalogueDownloadJob(() => new Date(Date.now() - 61 * MINUTE)),
    );
    const response = await getFile(token!);
    expect(response.status).toBe(410);
    expect(((await response.json()) as { message: string }).message).toBe(
      'This download link has expired. Download links work for one hour; ask for a new download.',
    );
  });

  it('gives nobody else the file, and nothing for an altered link', async () => {
    await call(itemsDownloadRoute, 'POST');
    const [token] = await runJobs('catalogue-download', catalogueDownloadJob());
    expect((await getFile(token!, OTHER)).status).toBe(404);
    const altered = token!.replace(/^(\d+)/, (id) => String(Number(id) + 1));
    expect((await getFile(altered)).status).toBe(404);
    expect((await getFile('not-a-token')).status).toBe(404);
  });
});

describe('e-mailed pricing download', () => {
  it('holds only the prices of other.supplier’s vendor', async () => {
    expect((await call(pricingsDownloadRoute, 'POST', OTHER)).status).toBe(200);
    const [token] = await runJobs('catalogue-download', catalogueDownloadJob());
    const rows = await rowsOfXlsx(await (await getFile(token!, OTHER)).arrayBuffer());
    expect(rows[0].slice(0, 4)).toEqual(['Vendor code', 'Catalogue code', 'Cost price', 'Effective from']);
    expect(rows.length).toBeGreaterThan(20);
    expect(new Set(rows.slice(1).map((r) => r[0]))).toEqual(new Set(['V0003']));
  });
});

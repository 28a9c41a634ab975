import { gunzipSync } from 'node:zlib';
import { test, expect, request, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from '../../db/seed/demo-accounts';
import { apiAs } from './fixtures/accounts';
import { temporaryUser } from './helpers';

/*
 * The production server (`npm start`) as clients meet it: every request, page or API, goes through
 * Next's own request handler, with the spec paths rewritten to the API for XHR and JSON callers.
 */

const SUPPLIER = 'supplier@portal.test'; // vendors V0001 and V0002
const OTHER = 'other.supplier@portal.test'; // vendor V0003
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

let baseURL: string;
let supplier: APIRequestContext;
let anonymous: APIRequestContext;

test.beforeAll(async ({}, info) => {
  baseURL = String(info.project.use.baseURL);
  supplier = await apiAs(SUPPLIER, baseURL);
  anonymous = await request.newContext({ baseURL });
});

test.afterAll(async () => {
  await supplier.dispose();
  await anonymous.dispose();
});

type Listed = { xdocs: { tinyMce: string; docno: string }[] };

/** The first unread delivery note of an account, from its own inbox list. */
async function firstDeliveryNote(api: APIRequestContext): Promise<{ tinyMce: string; docno: string }> {
  const list = (await (await api.get('/delivery-notes?results=1')).json()) as Listed;
  expect(list.xdocs.length).toBeGreaterThan(0);
  return list.xdocs[0];
}

test.describe('which requests the API answers', () => {
  test('an XHR for a spec path reaches its handler: 401 without a session, 200 JSON with one', async () => {
    const denied = await anonymous.get('/divisions', { headers: XHR });
    expect(denied.status()).toBe(401);
    expect(denied.headers()['content-type']).toMatch(/^application\/json/);
    expect(await denied.json()).toEqual({ message: 'Unauthenticated.', errors: {} });

    const allowed = await supplier.get('/divisions');
    expect(allowed.status()).toBe(200);
    const divisions = (await allowed.json()) as { id: number; code: string; name: string }[];
    expect(divisions[0]).toEqual({ id: expect.any(Number), code: expect.any(String), name: expect.any(String) });
  });

  test('a request that asks for JSON first reaches the handler without the XHR header', async () => {
    const api = await request.newContext({ baseURL, storageState: (await supplier.storageState()) as never });
    const response = await api.get('/divisions', { headers: { Accept: 'application/json; charset=utf-8' } });
    expect(response.status()).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
    await api.dispose();
  });

  test('/api paths reach the handler whatever the headers; unknown ones are 404', async () => {
    expect((await anonymous.get('/api/divisions')).status()).toBe(401);
    expect((await supplier.get('/api/divisions', { headers: { Accept: 'text/html' } })).status()).toBe(200);
    expect((await supplier.get('/api/no-such-thing')).status()).toBe(404);
  });

  test('the query string reaches the handler and is validated', async () => {
    const bad = await supplier.get('/divisions?limit=-3');
    expect(bad.status()).toBe(422);
    expect((await bad.json()).message).toBe('limit must be at least 1.');
    expect(await (await supplier.get('/divisions?limit=1')).json()).toHaveLength(1);
  });

  test('a plain page request for the same path is answered by a page, not JSON', async ({ page }) => {
    const response = await page.request.get('/login');
    expect(response.headers()['content-type']).toMatch(/^text\/html/);
  });
});

test.describe('routes and params', () => {
  test('PUT /orders/bulkResponse reaches the bulk handler, not /orders/[id]', async () => {
    const data = { orderResponse: { header: { response: 'confirmed' }, bulkResponse: {} } };
    const bulk = await supplier.put('/orders/bulkResponse', { data });
    expect(bulk.status()).toBe(422);
    expect((await bulk.json()).message).toBe('Select at least one order.');
    const single = await supplier.put('/orders/no-such-order', { data });
    expect(single.status()).toBe(404);
    expect((await single.json()).message).toBe('Document not found.');
  });

  test('a document outside the supplier’s vendors is 404, its own owner opens it', async () => {
    const other = await apiAs(OTHER, baseURL);
    const foreign = await firstDeliveryNote(other);
    expect((await other.get(`/xdocs/${foreign.tinyMce}`)).status()).toBe(200);
    const hidden = await supplier.get(`/xdocs/${foreign.tinyMce}`);
    expect(hidden.status()).toBe(404);
    expect((await hidden.json()).message).toBe('Document not found.');
    await other.dispose();
  });

  test('a percent-encoded [id] segment and a nested route under it', async () => {
    const own = await firstDeliveryNote(supplier);
    const encoded = own.tinyMce.replace(/-/, '%2D');
    const response = await supplier.get(`/xdocs/${encoded}`);
    expect(response.status()).toBe(200);
    expect(JSON.stringify(await response.json())).toContain(own.docno);
    const audit = await supplier.get(`/xdocs/${own.tinyMce}/audit`);
    expect(audit.status()).toBe(200);
    expect(audit.headers()['content-type']).toMatch(/^application\/json/);
  });
});

test.describe('request bodies', () => {
  test('a state change without X-XSRF-TOKEN is 419 and changes nothing', async () => {
    const note = await firstDeliveryNote(supplier);
    const noToken = await apiAs(SUPPLIER, baseURL, { xsrf: false });
    const response = await noToken.put(`/xdocs/${note.tinyMce}`, { data: { confirm: true } });
    expect(response.status()).toBe(419);
    expect((await response.json()).message).toBe('CSRF token mismatch. Reload the page and try again.');
    expect((await firstDeliveryNote(supplier)).tinyMce).toBe(note.tinyMce);
    await noToken.dispose();
  });

  test('a JSON body is read and validated; unreadable JSON is 400', async () => {
    const note = await firstDeliveryNote(supplier);
    const refused = await supplier.put(`/xdocs/${note.tinyMce}`, { data: { confirm: false } });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).message).toBe('confirm must be true to mark the document as read.');
    const broken = await supplier.put(`/xdocs/${note.tinyMce}`, {
      data: Buffer.from('{"confirm": tr'),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status()).toBe(400);
    expect((await broken.json()).message).toBe('The request body is not valid JSON.');
    const marked = await supplier.put(`/xdocs/${note.tinyMce}`, { data: { confirm: true } });
    expect(marked.status()).toBe(200);
    expect(await marked.json()).toEqual({ message: 'Document marked as read', xdoc: { tinyMce: note.tinyMce, isRead: true } });
  });

  test('HEAD on a GET route answers the GET status with no body', async () => {
    const head = await supplier.head('/divisions');
    expect(head.status()).toBe(200);
    expect(await head.body()).toHaveLength(0);
  });
});

test.describe('compression', () => {
  test('an API answer is gzip-compressed when the client asks, and plain when it does not', async () => {
    const zipped = await supplier.get('/orders?results=50', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.status()).toBe(200);
    expect(zipped.headers()['content-encoding']).toBe('gzip');
    const list = (await zipped.json()) as Listed;
    expect(list.xdocs.length).toBeGreaterThan(1);

    const plain = await supplier.get('/orders?results=50', { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    expect(((await plain.json()) as Listed).xdocs).toEqual(list.xdocs);
  });

  test('the compressed bytes inflate to the same JSON', async () => {
    const response = await rawGet('/orders?results=20', { ...XHR, cookie: await cookieHeader(supplier), 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(response.body).toString('utf8')) as Listed;
    expect(body.xdocs).toHaveLength(20);
  });
});

test.describe('sign-in and sign-out forms', () => {
  test('a plain form post signs in (303 and a session cookie) and sign-out clears it', async () => {
    // Signing out ends every session of the user: a user of the test's own, not a shared demo account.
    await temporaryUser('temp.form.signout@portal.test', 2);
    const browserless = await request.newContext({ baseURL });
    const loginPage = await browserless.get('/login');
    expect(loginPage.status()).toBe(200);
    const xsrf = (await browserless.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const signIn = await browserless.post('/login', {
      form: { _token: xsrf, email: 'temp.form.signout@portal.test', password: DEMO_PASSWORD },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(303);
    expect(new URL(signIn.headers()['location']!, baseURL).pathname).toBe('/history');
    expect((await browserless.get('/divisions', { headers: XHR })).status()).toBe(200);

    const signOut = await browserless.post('/logout', { form: { _token: xsrf }, maxRedirects: 0 });
    expect(signOut.status()).toBe(303);
    expect((await browserless.get('/divisions', { headers: XHR })).status()).toBe(401);
    await browserless.dispose();
  });

  test('the sign-in form without the matching _token signs nobody in and goes back to the sign-in page', async () => {
    const browserless = await request.newContext({ baseURL });
    await browserless.get('/login');
    const response = await browserless.post('/login', {
      form: { _token: 'forged', email: SUPPLIER, password: DEMO_PASSWORD },
      maxRedirects: 0,
    });
    // A page without JavaScript shows the sign-in page with its message, not the API's 419 JSON.
    expect(response.status()).toBe(303);
    const location = new URL(response.headers()['location']!, baseURL);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('failed');
    expect(response.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie')).toEqual([]);
    expect((await browserless.get('/divisions', { headers: XHR })).status()).toBe(401);
    await browserless.dispose();
  });
});

async function cookieHeader(api: APIRequestContext): Promise<string> {
  return (await api.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** A GET whose body is returned exactly as it came over the wire (no content decoding). */
async function rawGet(path: string, headers: Record<string, string>): Promise<{ headers: Record<string, string>; body: Buffer }> {
  const { default: http } = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(`${baseURL}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

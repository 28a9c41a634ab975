import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pool } from '@/db/client';
import { DEMO_PASSWORD } from '@/db/seed/demo-accounts';
import { SESSION_COOKIE } from '@/lib/auth/session';
import { apiDispatcher } from '../../server/api-dispatch';
import { loadApiRoutes, type ApiRoute } from '../../server/api-routes';
import { sendFetchResponse, toFetchRequest } from '../../server/node-bridge';
import { sessionHeaders, TEST_XSRF, userId } from './support/actors';
import { createDocument, createOrder, removeCreatedDocuments, type CreatedDocument } from './support/fixtures';
import { documentState } from './support/inbox';

/*
 * The production server's way in (server/main.ts): the real route table read from app/api, the real
 * dispatcher on a real HTTP server, real fetch calls. Whatever the dispatcher declines is answered
 * 'next' here, standing in for Next's request handler.
 */

const SUPPLIER = 'supplier@portal.test'; // vendors V0001 and V0002
const OTHER = 'other.supplier@portal.test'; // vendor V0003
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const CSRF_MESSAGE = 'CSRF token mismatch. Reload the page and try again.';

/** As server/main.ts: next-auth's own catch-all stays with Next. */
const isNextAuthRoute = (segments: ApiRoute['segments']) => segments[1]?.kind === 'static' && segments[1].value === 'auth';

let server: http.Server;
let base: string;

beforeAll(async () => {
  const routes = await loadApiRoutes(path.join(process.cwd(), 'app'), isNextAuthRoute);
  // The dispatcher needs the origin, known once the server listens.
  const api: { dispatch?: ReturnType<typeof apiDispatcher> } = {};
  server = http.createServer(async (req, res) => {
    if (await api.dispatch!(req, res)) return;
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.dispatch = apiDispatcher(routes, base);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await removeCreatedDocuments();
  await pool.end();
});

const call = (pathname: string, init: RequestInit = {}) => fetch(`${base}${pathname}`, { redirect: 'manual', ...init });

/** Only the cookies of a signed-in user (no XHR or JSON headers). */
async function cookieOf(email: string): Promise<string> {
  return (await sessionHeaders(email)).cookie;
}

describe('which requests the API handlers answer', () => {
  it('answers an XHR for a spec path from its handler: 401 without a session, 200 JSON with one', async () => {
    const anonymous = await call('/divisions', { headers: XHR });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await anonymous.json()).toEqual({ message: 'Unauthenticated.', errors: {} });

    const signedIn = await call('/divisions', { headers: await sessionHeaders(SUPPLIER) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('content-type')).toMatch(/^application\/json/);
    const divisions = (await signedIn.json()) as { id: number; code: string; name: string }[];
    expect(divisions.length).toBeGreaterThan(0);
    expect(divisions[0]).toEqual({ id: expect.any(Number), code: expect.any(String), name: expect.any(String) });
  });

  it('answers a request that accepts JSON first, without the XHR header', async () => {
    const response = await call('/divisions', { headers: { cookie: await cookieOf(SUPPLIER), accept: 'application/json; charset=utf-8' } });
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
  });

  it('hands a plain page request to Next', async () => {
    const plain = await call('/divisions', { headers: { cookie: await cookieOf(SUPPLIER) } });
    expect(plain.status).toBe(200);
    expect(await plain.text()).toBe('next');
    const html = await call('/divisions', { headers: { cookie: await cookieOf(SUPPLIER), accept: 'text/html,application/xhtml+xml' } });
    expect(await html.text()).toBe('next');
  });

  it('answers /api paths from the handler whatever the headers', async () => {
    const response = await call('/api/divisions', { headers: { cookie: await cookieOf(SUPPLIER) } });
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
    expect((await call('/api/divisions')).status).toBe(401);
  });

  it('passes the query string to the handler', async () => {
    const headers = await sessionHeaders(SUPPLIER);
    const bad = await call('/divisions?limit=-3', { headers });
    expect(bad.status).toBe(422);
    expect((await bad.json()).message).toBe('limit must be at least 1.');
    const one = await call('/divisions?limit=1', { headers });
    expect(await one.json()).toHaveLength(1);
  });

  it('hands an unknown path, a method the route does not export and next-auth to Next', async () => {
    const headers = await sessionHeaders(SUPPLIER);
    expect(await (await call('/no-such-thing', { headers: XHR })).text()).toBe('next');
    expect(await (await call('/api/no-such-thing', { headers })).text()).toBe('next');
    expect(await (await call('/divisions', { method: 'DELETE', headers })).text()).toBe('next');
    expect(await (await call('/divisions', { method: 'POST', headers, body: '{}' })).text()).toBe('next');
    expect(await (await call('/api/auth/session', { headers })).text()).toBe('next');
    expect(await (await call('/_next/static/chunks/main.js', { headers: XHR })).text()).toBe('next');
  });

  it('hands a path that is not valid percent-encoding to Next', async () => {
    expect(await (await call('/xdocs/%E0%A4%A', { headers: await sessionHeaders(SUPPLIER) })).text()).toBe('next');
  });
});

describe('route precedence and params', () => {
  it('sends PUT /orders/bulkResponse to the bulk handler, not to /orders/[id]', async () => {
    const headers = await sessionHeaders(SUPPLIER);
    const body = JSON.stringify({ orderResponse: { header: { response: 'confirmed' }, bulkResponse: {} } });
    const bulk = await call('/orders/bulkResponse', { method: 'PUT', headers, body });
    expect(bulk.status).toBe(422);
    expect((await bulk.json()).message).toBe('Select at least one order.');
    // What the single-order handler says to the same request for an order it cannot find.
    const single = await call('/orders/no-such-order', { method: 'PUT', headers, body });
    expect(single.status).toBe(404);
    expect((await single.json()).message).toBe('Document not found.');
  });

  it('hands the [id] segment to the document handler: 404 outside the supplier’s scope, 200 inside', async () => {
    const foreign = await createDocument({ vendorCode: 'V0003', type: 'deliverynote' });
    const hidden = await call(`/xdocs/${foreign.tinyMce}`, { headers: await sessionHeaders(SUPPLIER) });
    expect(hidden.status).toBe(404);
    expect((await hidden.json()).message).toBe('Document not found.');
    // Its owner opens it through the same path, so the 404 above is scope, not a broken fixture.
    expect((await call(`/xdocs/${foreign.tinyMce}`, { headers: await sessionHeaders(OTHER) })).status).toBe(200);

    const own = await createOrder({ vendorCode: 'V0001' });
    const response = await call(`/xdocs/${own.tinyMce}`, { headers: await sessionHeaders(SUPPLIER) });
    expect(response.status).toBe(200);
    expect(JSON.stringify(await response.json())).toContain(own.docno);
  });

  it('percent-decodes the [id] segment', async () => {
    const own = await createOrder({ vendorCode: 'V0001' });
    const encoded = own.tinyMce.replace('-', '%2D');
    expect(encoded).not.toBe(own.tinyMce);
    const response = await call(`/xdocs/${encoded}`, { headers: await sessionHeaders(SUPPLIER) });
    expect(response.status).toBe(200);
    expect(JSON.stringify(await response.json())).toContain(own.docno);
  });

  it('reaches a nested route under a [param]', async () => {
    const own = await createOrder({ vendorCode: 'V0001' });
    const audit = await call(`/xdocs/${own.tinyMce}/audit`, { headers: await sessionHeaders(SUPPLIER) });
    expect(audit.status).toBe(200);
    expect(audit.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('request bodies', () => {
  let remittance: CreatedDocument;

  beforeAll(async () => {
    remittance = await createDocument({ vendorCode: 'V0001', type: 'remittance' });
  });

  it('refuses a state change without X-XSRF-TOKEN with 419 and changes nothing', async () => {
    const response = await call(`/xdocs/${remittance.tinyMce}`, {
      method: 'PUT',
      headers: await sessionHeaders(SUPPLIER, { xsrf: false }),
      body: JSON.stringify({ confirm: true }),
    });
    expect(response.status).toBe(419);
    expect((await response.json()).message).toBe(CSRF_MESSAGE);
    expect((await documentState(remittance.id)).isRead).toBe(false);
  });

  it('reads a JSON body: PUT /xdocs/{tinyMce} {confirm: true} marks the remittance read', async () => {
    const response = await call(`/xdocs/${remittance.tinyMce}`, {
      method: 'PUT',
      headers: await sessionHeaders(SUPPLIER),
      body: JSON.stringify({ confirm: true }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Document marked as read', xdoc: { tinyMce: remittance.tinyMce, isRead: true } });
    const state = await documentState(remittance.id);
    expect(state.isRead).toBe(true);
    expect(state.readAt).toBeInstanceOf(Date);
    expect(state.readBy).toBe(await userId(SUPPLIER));
  });

  it('reads the body the handler validates: confirm false is refused', async () => {
    const note = await createDocument({ vendorCode: 'V0001', type: 'deliverynote' });
    const response = await call(`/xdocs/${note.tinyMce}`, {
      method: 'PUT',
      headers: await sessionHeaders(SUPPLIER),
      body: JSON.stringify({ confirm: false }),
    });
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe('confirm must be true to mark the document as read.');
    expect((await documentState(note.id)).isRead).toBe(false);
  });

  it('streams a body of many chunks through to the handler', async () => {
    const note = await createDocument({ vendorCode: 'V0001', type: 'deliverynote' });
    const body = JSON.stringify({ padding: 'x'.repeat(2_000_000), confirm: true });
    const response = await call(`/xdocs/${note.tinyMce}`, { method: 'PUT', headers: await sessionHeaders(SUPPLIER), body });
    expect(response.status).toBe(200);
    expect((await documentState(note.id)).isRead).toBe(true);
  });

  it('answers unreadable JSON with 400', async () => {
    const note = await createDocument({ vendorCode: 'V0001', type: 'deliverynote' });
    const response = await call(`/xdocs/${note.tinyMce}`, {
      method: 'PUT',
      headers: await sessionHeaders(SUPPLIER),
      body: '{"confirm": tr',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe('The request body is not valid JSON.');
  });
});

describe('HEAD', () => {
  it('answers HEAD on a GET route with the GET status and headers and no body', async () => {
    const headers = await sessionHeaders(SUPPLIER);
    const get = await call('/divisions', { headers });
    const head = await call('/divisions', { method: 'HEAD', headers });
    expect(head.status).toBe(get.status);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(await head.text()).toBe('');

    const anonymous = await call('/divisions', { method: 'HEAD', headers: XHR });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toBe('');
  });

  it('answers HEAD with an empty body at the socket, not only through fetch', async () => {
    const headers = await sessionHeaders(SUPPLIER);
    const raw = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${base}/divisions`, { method: 'HEAD', headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(raw).toEqual({ status: 200, body: '' });
    // The connection is still usable afterwards (no stray body bytes were written into it).
    expect((await call('/divisions', { headers })).status).toBe(200);
  });
});

describe('sign-in form through the server', () => {
  function formPost(fields: Record<string, string>, ip: string) {
    return call('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `XSRF-TOKEN=${TEST_XSRF}`, 'x-forwarded-for': ip },
      body: new URLSearchParams(fields).toString(),
    });
  }

  it('signs in with a plain form post: 303 with the session cookie', async () => {
    const response = await formPost(
      { _token: TEST_XSRF, email: SUPPLIER, password: DEMO_PASSWORD },
      `10.77.${Math.floor(Math.random() * 250)}.1`,
    );
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location')!).pathname).toBe('/');
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(new RegExp(`^${SESSION_COOKIE.replace(/\./g, '\\.')}=[^;]+; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax`));

    // The cookie it set is a working session on the next call.
    const session = cookies[0].split(';')[0];
    const next = await call('/divisions', { headers: { ...XHR, cookie: session } });
    expect(next.status).toBe(200);
  });

  it('refuses the form without the matching _token with 419 and no cookie', async () => {
    const response = await formPost({ _token: 'forged', email: SUPPLIER, password: DEMO_PASSWORD }, '10.78.0.1');
    expect(response.status).toBe(419);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('leaves GET /login (the sign-in page) to Next', async () => {
    expect(await (await call('/login')).text()).toBe('next');
  });

  it('signs out with a plain form post to /logout, clearing the cookie', async () => {
    const response = await call('/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${await cookieOf(SUPPLIER)}` },
      body: new URLSearchParams({ _token: TEST_XSRF }).toString(),
    });
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location')!).pathname).toBe('/login');
    expect(response.headers.getSetCookie()).toEqual([
      expect.stringMatching(new RegExp(`^${SESSION_COOKIE.replace(/\./g, '\\.')}=; .*Max-Age=0`)),
    ]);
  });
});

describe('node bridge', () => {
  let bridge: http.Server;
  let bridgeBase: string;
  let seen: { method: string; url: string; headers: [string, string][]; body: string } | null = null;

  beforeAll(async () => {
    bridge = http.createServer(async (req, res) => {
      const request = toFetchRequest(req, 'http://portal.example');
      seen = { method: request.method, url: request.url, headers: [...request.headers], body: request.body ? await request.text() : '' };
      const response = new Response('hello', { status: 201, headers: { 'content-type': 'text/plain', 'x-extra': 'yes' } });
      response.headers.append('set-cookie', 'a=1; Path=/');
      response.headers.append('set-cookie', 'b=2, with comma; Path=/; Expires=Wed, 21 Oct 2037 07:28:00 GMT');
      await sendFetchResponse(response, res, req.method);
    });
    await new Promise<void>((resolve) => bridge.listen(0, '127.0.0.1', resolve));
    bridgeBase = `http://127.0.0.1:${(bridge.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    bridge.closeAllConnections();
    await new Promise((resolve) => bridge.close(resolve));
  });

  it('keeps every Set-Cookie header apart, with status, headers and body', async () => {
    const response = await fetch(`${bridgeBase}/x`);
    expect(response.status).toBe(201);
    expect(response.headers.get('x-extra')).toBe('yes');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2, with comma; Path=/; Expires=Wed, 21 Oct 2037 07:28:00 GMT']);
    expect(await response.text()).toBe('hello');
  });

  it('builds the Fetch Request from the Node request: origin, path and query, method, headers, body', async () => {
    await fetch(`${bridgeBase}/a/b%20c?q=1&r=two`, {
      method: 'POST',
      headers: { 'x-one': '1', 'content-type': 'text/plain' },
      body: 'payload',
    });
    expect(seen).toMatchObject({ method: 'POST', url: 'http://portal.example/a/b%20c?q=1&r=two', body: 'payload' });
    // The Host header arrives too: redirects are built from it (lib/http/redirect.ts).
    expect(seen!.headers).toEqual(
      expect.arrayContaining([
        ['x-one', '1'],
        ['content-type', 'text/plain'],
        ['host', bridgeBase.replace('http://', '')],
      ]),
    );
  });

  it('gives GET and HEAD no body, and HEAD answers without one', async () => {
    await fetch(`${bridgeBase}/g`);
    expect(seen).toMatchObject({ method: 'GET', body: '' });
    const head = await fetch(`${bridgeBase}/h`, { method: 'HEAD' });
    expect(seen).toMatchObject({ method: 'HEAD', body: '' });
    expect(head.status).toBe(201);
    expect(head.headers.getSetCookie()).toHaveLength(2);
    expect(await head.text()).toBe('');
  });
});

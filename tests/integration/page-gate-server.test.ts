import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pool } from '@/db/client';
import { apiDispatcher } from '@/server/api-dispatch';
import { loadApiRoutes } from '@/server/api-routes';
import { requestHandler } from '@/server/handler';

/*
 * The production server's request handling (server/handler.ts) on a real socket: API calls to their
 * handlers, pages through the page gate and then to "Next", here a stand-in that reports what it got.
 */
let base = '';
let server: http.Server;

beforeAll(async () => {
  const routes = await loadApiRoutes(path.join(process.cwd(), 'app'), (s) => s[1]?.kind === 'static' && s[1].value === 'auth');
  const standInForNext = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ cookie: req.headers.cookie ?? null, gated: req.headers['x-page-gated'] ?? null }));
  };
  server = http.createServer(requestHandler(apiDispatcher(routes, 'http://portal.test'), standInForNext));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await pool.end();
});

it('sends an anonymous page visit to the sign-in page and hands out a token', async () => {
  const res = await fetch(`${base}/history`, { redirect: 'manual' });
  expect(res.status).toBe(307);
  expect(res.headers.get('location')).toBe('/login');
  expect(res.headers.getSetCookie().join()).toMatch(/^XSRF-TOKEN=[\w-]+; Path=\/; SameSite=Lax$/);
});

it('renders a public page with the new token already on the request, marked as gated', async () => {
  const res = await fetch(`${base}/login`);
  const token = /^XSRF-TOKEN=([\w-]+);/.exec(res.headers.getSetCookie()[0])![1];
  expect(await res.json()).toEqual({ cookie: `XSRF-TOKEN=${token}`, gated: '1' });
});

it('keeps a visitor’s own token and session', async () => {
  const res = await fetch(`${base}/history`, { headers: { cookie: 'XSRF-TOKEN=mine; next-auth.session-token=abc' } });
  expect(res.headers.getSetCookie()).toEqual([]);
  expect(await res.json()).toEqual({ cookie: 'XSRF-TOKEN=mine; next-auth.session-token=abc', gated: '1' });
});

it('leaves API calls and assets ungated', async () => {
  const api = await fetch(`${base}/divisions`, { headers: { 'x-requested-with': 'XMLHttpRequest' } });
  expect(api.status).toBe(401);
  expect(api.headers.getSetCookie()).toEqual([]);
  const asset = await fetch(`${base}/_next/static/chunk.js`);
  expect(await asset.json()).toEqual({ cookie: null, gated: null });
});

it('does not trust a gated mark sent by the visitor', async () => {
  const res = await fetch(`${base}/history`, { redirect: 'manual', headers: { 'x-page-gated': '1' } });
  expect(res.status).toBe(307);
});

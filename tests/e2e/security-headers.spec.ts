import { test, expect, request, type APIResponse, type APIRequestContext } from '@playwright/test';
import { apiAs, signedInAs } from './fixtures/accounts';

/*
 * Every answer carries the security headers of lib/http/security-headers.ts: pages with their own
 * nonce-based policy (and Next's scripts still run under it), API answers and downloads with a policy
 * that lets them do nothing, static files with nosniff; nobody may frame any of them.
 */

const SUPPLIER = 'supplier@portal.test';

function expectCommonHeaders(response: APIResponse): void {
  const headers = response.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  // Served over plain http here: no HSTS (it is sent only when APP_URL is https).
  expect(headers['strict-transport-security']).toBeUndefined();
}

function nonceOf(response: APIResponse): string {
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  return nonce!;
}

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

test.describe('security headers', () => {
  test('pages carry a nonce-based policy, a new nonce each time, on every script Next renders', async () => {
    const page = await request.newContext({ baseURL, storageState: (await supplier.storageState()) as never });
    for (const path of ['/', '/?tab=delivery-notes', '/items', '/no-such-screen']) {
      const first = await page.get(path, { headers: { Accept: 'text/html' } });
      const second = await page.get(path, { headers: { Accept: 'text/html' } });
      expectCommonHeaders(first);
      const nonce = nonceOf(first);
      expect(nonceOf(second)).not.toBe(nonce);
      const html = await first.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    }
    await page.dispose();
  });

  test('the sign-in page and its redirect carry them too', async () => {
    const login = await anonymous.get('/login', { headers: { Accept: 'text/html' } });
    expectCommonHeaders(login);
    nonceOf(login);
    const redirected = await anonymous.get('/', { headers: { Accept: 'text/html' }, maxRedirects: 0 });
    expect(redirected.status()).toBe(307);
    expectCommonHeaders(redirected);
  });

  test('API answers, errors and downloads can do nothing when opened as a document', async () => {
    const list = await supplier.get('/orders?results=1');
    expect(list.status()).toBe(200);
    const failed = await supplier.get('/orders?results=abc');
    expect(failed.status()).toBe(422);
    const anonymousCall = await anonymous.get('/orders', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    expect(anonymousCall.status()).toBe(401);
    const { xdocs } = (await list.json()) as { xdocs: { tinyMce: string; docno: string }[] };
    const pdf = await supplier.get(`/xdocs/${xdocs[0].tinyMce}/pdf?docno=${xdocs[0].docno}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    for (const response of [list, failed, anonymousCall, pdf]) {
      expectCommonHeaders(response);
      expect(response.headers()['content-security-policy']).toContain("default-src 'none'");
      expect(response.headers()['content-security-policy']).toContain('sandbox');
    }
  });

  test('static files are never sniffed or framed', async () => {
    const html = await (await anonymous.get('/login', { headers: { Accept: 'text/html' } })).text();
    const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const file = await anonymous.get(script!);
    expect(file.status()).toBe(200);
    expectCommonHeaders(file);
  });

  test.describe('in the browser', () => {
    test.use(signedInAs(SUPPLIER));

    test('the inbox runs under its policy without a single violation', async ({ page }) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
      });
      await page.goto('/?tab=delivery-notes');
      // Hydrated: a click on a tab is handled by React, not a full page load.
      await page.getByRole('tab', { name: /Disputes/ }).click();
      await expect(page).toHaveURL(/tab=disputes/);
      await expect(page.getByRole('tab', { name: /Disputes/ })).toHaveAttribute('aria-selected', 'true');
      expect(violations).toEqual([]);
    });
  });
});

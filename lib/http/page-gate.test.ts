import { pageGate, xsrfSetCookie } from './page-gate';

const visit = (pathname: string, cookieHeader: string | null = null, extra: Partial<Parameters<typeof pageGate>[0]> = {}) =>
  pageGate({ method: 'GET', pathname, accept: 'text/html', cookieHeader, ...extra });

describe('pageGate', () => {
  it('sends an anonymous visit to a private page to the sign-in page, with a token', () => {
    const gate = visit('/history');
    expect(gate.redirectToLogin).toBe(true);
    expect(gate.newXsrfToken).toMatch(/^[\w-]{32}$/);
  });

  it('keeps the address of an anonymous visit, so sign-in comes back to it', () => {
    expect(visit('/', null, { search: '?tab=orders&doc=T-9' }).loginPath).toBe('/login?next=%2F%3Ftab%3Dorders%26doc%3DT-9');
    expect(visit('/').loginPath).toBe('/login');
  });

  it('lets public pages and signed-in visitors through', () => {
    expect(visit('/login').redirectToLogin).toBe(false);
    expect(visit('/password/reset/abc').redirectToLogin).toBe(false);
    expect(visit('/unsubscribe').redirectToLogin).toBe(false);
    expect(visit('/developers/api').redirectToLogin).toBe(false);
    expect(visit('/developers/other').redirectToLogin).toBe(true);
    expect(visit('/history', 'next-auth.session-token=x').redirectToLogin).toBe(false);
    expect(visit('/history', 'a=1; __Secure-next-auth.session-token=x').redirectToLogin).toBe(false);
    expect(visit('/history', 'not-next-auth.session-token-x=1').redirectToLogin).toBe(true);
  });

  it('never redirects JSON callers or anything but GET', () => {
    expect(visit('/orders', null, { accept: 'application/json' }).redirectToLogin).toBe(false);
    expect(visit('/history', null, { method: 'POST' }).redirectToLogin).toBe(false);
  });

  it('hands out a token only when the visitor has none', () => {
    expect(visit('/login', 'XSRF-TOKEN=abc').newXsrfToken).toBeNull();
    expect(visit('/login', 'other=1').newXsrfToken).not.toBeNull();
    expect(visit('/login').newXsrfToken).not.toBe(visit('/login').newXsrfToken);
  });

  it('writes a cookie the page script can read', () => {
    expect(xsrfSetCookie('t0k')).toBe('XSRF-TOKEN=t0k; Path=/; SameSite=Lax');
  });
});

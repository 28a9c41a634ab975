import type { IncomingMessage } from 'node:http';
import { modifyRouteRegex } from 'next/dist/lib/redirect-status';
import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { matchHas } from 'next/dist/shared/lib/router/utils/prepare-destination';
import { API_REQUEST_HEADERS, FORM_HANDLER_PATHS, nextRewrites, OPERATIONS_PATHS } from './api-rewrites';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const JSON_ACCEPT = { accept: 'application/json' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const rewrites = nextRewrites();

/**
 * Next's own matching of these rewrites (the path matcher and `has` check its router uses for
 * beforeFiles), so these expectations hold for every request Next serves.
 */
function nextDestination(pathname: string, headers: Record<string, string>): string | null {
  for (const rewrite of rewrites) {
    const match = getPathMatch(rewrite.source, {
      strict: true,
      removeUnnamedParams: true,
      regexModifier: (re) => modifyRouteRegex(re),
      sensitive: false,
    });
    const params = match(pathname);
    if (!params) continue;
    if ('has' in rewrite && rewrite.has && !matchHas({ headers } as unknown as IncomingMessage, {}, rewrite.has)) continue;
    return rewrite.destination.replace(':path', String(params.path));
  }
  return null;
}

/** Where a request goes: its /api handler, or null when a page answers. */
const apiPathOf = (pathname: string, headers: Record<string, string>): string | null =>
  pathname.startsWith('/api/') ? pathname : nextDestination(pathname, headers);

describe('which requests reach an API handler', () => {
  it('leaves a plain page request to Next', () => {
    expect(apiPathOf('/orders', {})).toBeNull();
    expect(apiPathOf('/', {})).toBeNull();
    expect(apiPathOf('/xdocs/abc', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' })).toBeNull();
  });

  it('serves paths already under /api from the API, whatever the headers', () => {
    expect(apiPathOf('/api/orders', {})).toBe('/api/orders');
    expect(apiPathOf('/api/orders', XHR)).toBe('/api/orders');
    expect(apiPathOf('/api/xdocs/abc/audit', { accept: 'text/html' })).toBe('/api/xdocs/abc/audit');
  });

  it('sends an XHR to the handler of the same path under /api', () => {
    expect(apiPathOf('/orders', XHR)).toBe('/api/orders');
    expect(apiPathOf('/orders/bulkResponse', XHR)).toBe('/api/orders/bulkResponse');
    expect(apiPathOf('/xdocs/tx-1/pdf', XHR)).toBe('/api/xdocs/tx-1/pdf');
  });

  it('keeps the history screen a page while its calls reach their handlers', () => {
    expect(apiPathOf('/history', {})).toBeNull();
    expect(apiPathOf('/history', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' })).toBeNull();
    expect(apiPathOf('/history/documents', XHR)).toBe('/api/history/documents');
    expect(apiPathOf('/history/createReport', { ...XHR, accept: '*/*' })).toBe('/api/history/createReport');
    expect(apiPathOf('/orders/resend/PO00000042', XHR)).toBe('/api/orders/resend/PO00000042');
    expect(apiPathOf('/mark/outstanding/tx-1', XHR)).toBe('/api/mark/outstanding/tx-1');
    expect(apiPathOf('/files/12/download', XHR)).toBe('/api/files/12/download');
  });

  it('matches the XHR header value exactly', () => {
    expect(apiPathOf('/orders', { 'x-requested-with': 'xmlhttprequest' })).toBeNull();
    expect(apiPathOf('/orders', { 'x-requested-with': 'XMLHttpRequest2' })).toBeNull();
    expect(apiPathOf('/orders', { 'x-requested-with': 'fetch' })).toBeNull();
  });

  it('sends a request that asks for JSON first to the API', () => {
    expect(apiPathOf('/orders', JSON_ACCEPT)).toBe('/api/orders');
    expect(apiPathOf('/orders', { accept: 'application/json; charset=utf-8' })).toBe('/api/orders');
    // axios' default
    expect(apiPathOf('/orders', { accept: 'application/json, text/plain, */*' })).toBe('/api/orders');
  });

  it('leaves a request that asks for anything else first to Next', () => {
    expect(apiPathOf('/orders', { accept: 'text/html' })).toBeNull();
    expect(apiPathOf('/orders', { accept: '*/*' })).toBeNull();
    expect(apiPathOf('/orders', { accept: 'text/html, application/json' })).toBeNull();
  });

  it("never rewrites Next's own assets, even for an XHR", () => {
    expect(apiPathOf('/_next/static/x', XHR)).toBeNull();
    expect(apiPathOf('/_next/static/chunks/app.js', JSON_ACCEPT)).toBeNull();
    expect(apiPathOf('/_next/data/build/x.json', { ...XHR, ...JSON_ACCEPT })).toBeNull();
  });

  it('sends /login to its handler only for a url-encoded form post', () => {
    expect(apiPathOf('/login', {})).toBeNull();
    expect(apiPathOf('/login', { 'content-type': 'text/plain' })).toBeNull();
    expect(apiPathOf('/login', { 'content-type': 'multipart/form-data; boundary=x' })).toBeNull();
    expect(apiPathOf('/login', FORM)).toBe('/api/login');
    expect(apiPathOf('/login', { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' })).toBe('/api/login');
    // An XHR sign-in goes there by the header rule.
    expect(apiPathOf('/login', XHR)).toBe('/api/login');
  });

  it('always sends /logout and the password forms to their handlers', () => {
    for (const path of ['/logout', '/password/email', '/password/reset']) {
      expect(apiPathOf(path, {})).toBe(`/api${path}`);
      expect(apiPathOf(path, { accept: 'text/html' })).toBe(`/api${path}`);
    }
  });

  it('sends a one-click unsubscribe POST (a form, RFC 8058) to its handler, and leaves the page to a plain visit', () => {
    expect(apiPathOf('/unsubscribe', FORM)).toBe('/api/unsubscribe');
    expect(apiPathOf('/unsubscribe', { 'content-type': 'multipart/form-data; boundary=x' })).toBe('/api/unsubscribe');
    expect(apiPathOf('/unsubscribe', { accept: 'text/html' })).toBeNull();
  });

  it('does not treat paths that merely start like a form path as one', () => {
    expect(apiPathOf('/logout/now', {})).toBeNull();
    expect(apiPathOf('/password', {})).toBeNull();
    expect(apiPathOf('/password/email/x', {})).toBeNull();
    expect(apiPathOf('/login/x', FORM)).toBeNull();
  });

  it('always sends the health, readiness and metrics endpoints to their handlers, with no header at all', () => {
    for (const path of ['/healthz', '/readyz', '/metrics']) expect(apiPathOf(path, {})).toBe(`/api${path}`);
    expect(apiPathOf('/healthz/x', {})).toBeNull();
  });
});

describe('nextRewrites', () => {
  it('has one rewrite per header rule and per form path, all into /api', () => {
    expect(rewrites).toHaveLength(API_REQUEST_HEADERS.length + FORM_HANDLER_PATHS.length + OPERATIONS_PATHS.length);
    for (const rewrite of rewrites) expect(rewrite.destination).toMatch(/^\/api\//);

    const headerRules = rewrites.slice(0, API_REQUEST_HEADERS.length);
    expect(headerRules.map((r) => r.has)).toEqual(API_REQUEST_HEADERS.map((h) => [{ type: 'header', ...h }]));
    for (const rule of headerRules) expect(rule.destination).toBe('/api/:path');

    expect(rewrites.slice(API_REQUEST_HEADERS.length, API_REQUEST_HEADERS.length + FORM_HANDLER_PATHS.length)).toEqual([
      {
        source: '/login',
        has: [{ type: 'header', key: 'content-type', value: 'application/x-www-form-urlencoded.*' }],
        destination: '/api/login',
      },
      { source: '/logout', destination: '/api/logout' },
      { source: '/password/email', destination: '/api/password/email' },
      { source: '/password/reset', destination: '/api/password/reset' },
      {
        source: '/unsubscribe',
        has: [{ type: 'header', key: 'content-type', value: '(application/x-www-form-urlencoded|multipart/form-data).*' }],
        destination: '/api/unsubscribe',
      },
    ]);
  });
});

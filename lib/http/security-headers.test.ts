import { API_CSP, COMMON_SECURITY_HEADERS, newNonce, pageCsp } from './security-headers';

describe('security headers', () => {
  it('gives every answer nosniff, no framing, a referrer policy and a permissions policy', () => {
    const names = COMMON_SECURITY_HEADERS.map((h) => h.key.toLowerCase());
    expect(names).toEqual(['x-content-type-options', 'x-frame-options', 'referrer-policy', 'permissions-policy']);
    expect(COMMON_SECURITY_HEADERS.find((h) => h.key === 'X-Content-Type-Options')?.value).toBe('nosniff');
  });

  it('makes a new nonce every time', () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it('lets a page run only the scripts carrying its nonce and forbids framing', () => {
    const csp = pageCsp('abc');
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(pageCsp('abc', { development: true })).toContain("'unsafe-eval'");
    expect(pageCsp('abc', { https: true })).toContain('upgrade-insecure-requests');
  });

  it('lets an API answer opened as a document do nothing', () => {
    expect(API_CSP).toContain("default-src 'none'");
    expect(API_CSP).toContain("frame-ancestors 'none'");
    expect(API_CSP).toContain('sandbox');
  });
});

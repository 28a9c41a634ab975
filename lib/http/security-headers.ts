/**
 * The security headers of every answer (docs/architecture.md, Security). Three places apply them, so
 * that each answer gets each header exactly once:
 * - next.config.ts: COMMON_SECURITY_HEADERS on every path (pages, API, downloads, static files);
 * - proxy.ts: each page's own Content-Security-Policy with a fresh nonce, which Next reads from the
 *   request's CSP header and puts on its own scripts; plus HSTS;
 * - route() (lib/http/route.ts): a CSP that lets an API answer do nothing if a browser opens it as a
 *   document (a JSON body, a PDF), plus HSTS.
 * This module imports nothing, so next.config.ts and the proxy can both read it.
 */

export const COMMON_SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()' },
];

/** Two years, as browsers' preload lists ask; only sent when the portal is served over https. */
export const HSTS_HEADER = 'max-age=63072000; includeSubDomains';

/** API answers are data, never a document to run: nothing may load, run or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox";

/** A fresh, unguessable nonce for one page (128 bits, base64). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * A page's policy: scripts only with this page's nonce ('strict-dynamic' lets Next's own chunks load
 * from them), styles from our stylesheet (inline style attributes allowed: the dialogs position
 * themselves with them), everything else from our own origin, and no framing by anyone.
 * Development adds 'unsafe-eval', which Next's dev runtime needs.
 */
export function pageCsp(nonce: string, { development = false, https = false } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

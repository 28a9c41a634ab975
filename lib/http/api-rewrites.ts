/**
 * Which requests the API answers. Spec §7 paths serve both the screens and the API: a request that
 * says it is an XHR, or asks for JSON, goes to the handler of the same path under /api; a few plain
 * HTML forms (sign-in, sign-out, the password forms) reach their handlers without JavaScript.
 * next.config.ts turns these rules into Next rewrites, so every request goes through Next's own router.
 * Header values are regular expressions matched against the whole value, as Next matches `has`.
 */
type HeaderCondition = { key: string; value: string };

/** Either header sends a spec path to the API. */
export const API_REQUEST_HEADERS: HeaderCondition[] = [
  { key: 'x-requested-with', value: 'XMLHttpRequest' },
  { key: 'accept', value: 'application/json.*' },
];

/** Plain form endpoints: the path always goes to its handler, or only when the header matches. */
export const FORM_HANDLER_PATHS: { path: string; when?: HeaderCondition }[] = [
  { path: '/login', when: { key: 'content-type', value: 'application/x-www-form-urlencoded.*' } },
  { path: '/logout' },
  { path: '/password/email' },
  { path: '/password/reset' },
  // One-click unsubscribe (RFC 8058): mail clients POST a form; the page's own button posts the same form.
  { path: '/unsubscribe', when: { key: 'content-type', value: '(application/x-www-form-urlencoded|multipart/form-data).*' } },
];

/**
 * Operations endpoints (docs/operations.md): health checks, load balancers and Prometheus call them with
 * no session and no XHR header, so they always reach their handlers; proxy.ts leaves them alone too.
 */
export const OPERATIONS_PATHS = ['/healthz', '/readyz', '/metrics'];

type Rewrite = { source: string; destination: string; has?: ({ type: 'header' } & HeaderCondition)[] };

/** The rules as Next `beforeFiles` rewrites. */
export function nextRewrites(): Rewrite[] {
  const apiPath = '/:path((?!api/|_next/).*)';
  return [
    ...API_REQUEST_HEADERS.map((has) => ({ source: apiPath, has: [{ type: 'header' as const, ...has }], destination: '/api/:path' })),
    ...FORM_HANDLER_PATHS.map(({ path, when }) => ({
      source: path,
      ...(when ? { has: [{ type: 'header' as const, ...when }] } : {}),
      destination: `/api${path}`,
    })),
    ...OPERATIONS_PATHS.map((path) => ({ source: path, destination: `/api${path}` })),
  ];
}

/**
 * Which requests the API answers. Spec §7 paths serve both the screens and the API: a request that
 * says it is an XHR, or asks for JSON, goes to the handler of the same path under /api; a few plain
 * HTML forms (sign-in, sign-out, the password forms) reach their handlers without JavaScript.
 *
 * One definition for both ways in: next.config.ts turns it into Next rewrites (used by `next dev`),
 * and the production server (server/) dispatches with `apiPathOf` without entering Next at all.
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
];

/** Paths that are never rewritten: already under /api, or Next's own assets. */
const NOT_REWRITTEN = /^\/(api|_next)\//;

// Every request is checked against these: each condition's pattern is compiled once, not per request.
const compiled = new Map<string, RegExp>();
const patternOf = (value: string) => compiled.get(value) ?? compiled.set(value, new RegExp(`^(?:${value})$`)).get(value)!;

function headerMatches(headers: Headers | Record<string, string | string[] | undefined>, { key, value }: HeaderCondition): boolean {
  const raw = headers instanceof Headers ? headers.get(key) : headers[key];
  const actual = Array.isArray(raw) ? raw.join(', ') : raw;
  return actual != null && patternOf(value).test(actual);
}

/**
 * The /api path that answers a request, or null when a page does. `headers` may be a Fetch Headers
 * object or Node's lower-cased header record.
 */
export function apiPathOf(pathname: string, headers: Headers | Record<string, string | string[] | undefined>): string | null {
  if (pathname.startsWith('/api/')) return pathname;
  if (NOT_REWRITTEN.test(pathname)) return null;
  if (API_REQUEST_HEADERS.some((condition) => headerMatches(headers, condition))) return `/api${pathname}`;
  const form = FORM_HANDLER_PATHS.find((f) => f.path === pathname);
  if (form && (!form.when || headerMatches(headers, form.when))) return `/api${pathname}`;
  return null;
}

/** The same rules as Next `beforeFiles` rewrites, for `next dev` and any request Next serves. */
export function nextRewrites() {
  const apiPath = '/:path((?!api/|_next/).*)';
  return [
    ...API_REQUEST_HEADERS.map((has) => ({ source: apiPath, has: [{ type: 'header' as const, ...has }], destination: '/api/:path' })),
    ...FORM_HANDLER_PATHS.map(({ path, when }) => ({
      source: path,
      ...(when ? { has: [{ type: 'header' as const, ...when }] } : {}),
      destination: `/api${path}`,
    })),
  ];
}

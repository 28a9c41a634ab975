import { leaveForSignIn } from './session';

/**
 * The browser's one way to call the portal API (design §1). Every request carries the
 * XMLHttpRequest marker (next.config rewrites such requests from spec paths to /api/...)
 * and the anti-forgery token from the XSRF-TOKEN cookie (spec §7).
 *
 * A 401 means the session is gone (expired, signed out elsewhere, user deactivated): the browser is
 * sent to sign in and brought back to the same address afterwards (lib/client/session.ts). The call
 * itself then never settles, so no screen shows its empty or failed state for a request that was
 * not answered; the page is being left anyway.
 */

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;
export type FieldErrors = Record<string, string[]>;

export class ApiRequestError extends Error {
  readonly status: number;
  /** Field errors of a 422 response ({ errors: { field: [messages] } }), if any. */
  readonly errors?: FieldErrors;
  /** The parsed response body: some screens show it as is (spec §8). */
  readonly body: unknown;

  constructor(status: number, message: string, errors?: FieldErrors, body?: unknown) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }

  /** First message for a field, or the first of any field when none is named. */
  firstError(field?: string): string | undefined {
    if (!this.errors) return undefined;
    const list = field ? this.errors[field] : Object.values(this.errors)[0];
    return list?.[0];
  }
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return entry ? decodeURIComponent(entry.slice(name.length + 1)) : undefined;
}

/** The anti-forgery token from the XSRF-TOKEN cookie, e.g. for a plain form's `_token` field. */
export function readXsrfCookie(): string | undefined {
  return readCookie('XSRF-TOKEN');
}

function headersFor(body: unknown, accept: string, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ ...extra, 'X-Requested-With': 'XMLHttpRequest', Accept: accept });
  const xsrf = readXsrfCookie();
  if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
  const csrf = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
  if (csrf?.content) headers.set('X-CSRF-TOKEN', csrf.content);
  // FormData sets its own multipart boundary, so only JSON bodies get a Content-Type here.
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  return headers;
}

/** Path plus query string; null/undefined values are left out, arrays repeat the key. */
export function buildUrl(path: string, query?: Query): string {
  const url = path.startsWith('/') || /^https?:/.test(path) ? path : `/${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(raw) ? raw : [raw as QueryValue];
    for (const value of values) if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if ((response.headers.get('Content-Type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

async function toError(response: Response): Promise<ApiRequestError> {
  const body = await readBody(response);
  const isHtml = (response.headers.get('Content-Type') ?? '').includes('html');
  let message = `Request failed with status ${response.status}`;
  let errors: FieldErrors | undefined;
  if (typeof body === 'string' && body.trim() && !isHtml) message = body.trim();
  if (body && typeof body === 'object') {
    const record = body as { message?: unknown; errors?: unknown };
    if (typeof record.message === 'string' && record.message) message = record.message;
    if (record.errors && typeof record.errors === 'object') errors = record.errors as FieldErrors;
  }
  return new ApiRequestError(response.status, message, errors, body);
}

interface RequestOptions {
  query?: Query;
  body?: unknown;
  accept?: string;
  /** Extra request headers, e.g. the Idempotency-Key of a submission. */
  headers?: Record<string, string>;
  /** Aborts the request (TanStack Query's signal, when a newer question replaces it). */
  signal?: AbortSignal;
}

async function send(method: string, path: string, { query, body, accept = 'application/json', headers, signal }: RequestOptions) {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      credentials: 'same-origin',
      headers: headersFor(body, accept, headers),
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    // An abort is the caller's own doing, not a failed request: it goes back as it came.
    if (signal?.aborted) throw cause;
    // Offline or blocked: status 0 lets callers treat it like any other failed request.
    throw new ApiRequestError(0, cause instanceof Error ? cause.message : 'Network error');
  }
  if (response.status === 401) {
    leaveForSignIn();
    return new Promise<never>(() => undefined);
  }
  if (!response.ok) throw await toError(response);
  return response;
}

async function json<T>(method: string, path: string, options: RequestOptions): Promise<T> {
  return (await readBody(await send(method, path, options))) as T;
}

export const api = {
  get: <T>(path: string, query?: Query, init: { signal?: AbortSignal } = {}) => json<T>('GET', path, { query, signal: init.signal }),
  post: <T>(path: string, body?: unknown, query?: Query) => json<T>('POST', path, { body, query }),
  put: <T>(path: string, body?: unknown, query?: Query) => json<T>('PUT', path, { body, query }),
  del: <T>(path: string, body?: unknown, query?: Query) => json<T>('DELETE', path, { body, query }),
  /** Binary downloads (PDFs, spreadsheets); exports are POSTs with a body, so method is open. */
  blob: async (path: string, init: { method?: 'GET' | 'POST'; body?: unknown; query?: Query } = {}) => {
    const { method = 'GET', body, query } = init;
    const response = await send(method, path, { body, query, accept: '*/*' });
    return response.blob();
  },
  /** For POST /invoices and /deliverynotes, where status 201 (not just 2xx) means success. */
  raw: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, query?: Query, headers?: Record<string, string>) =>
    send(method, path, { body, query, headers }),
};

export type Api = typeof api;

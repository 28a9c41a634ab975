import type { ZodType } from 'zod';
import type { Actor } from '../auth/actor';
import { can, refusalOf, type Action } from '../auth/permissions';
import { actorFromRequest } from '../auth/session';
import { readFormBody, readJsonBody, readMultipart, type MultipartSpec, type UploadedFile } from './body';
import { ApiError, errorResponse, json } from './errors';
import { API_CSP, HSTS_HEADER } from './security-headers';
import { UNSTORABLE_TEXT, unstorableTextPath } from './storable-text';
import { isServedOverHttps } from '../env';
import { CSRF_MISMATCH, isStateChanging, tokensMatch, xsrfCookieOf, XSRF_HEADER } from './csrf';
import { noteUser } from '../observability/request-context';
import { observed } from '../observability/request-log';

type RouteContext = { params: Promise<Record<string, string | string[]>> };

type Spec<P, Q, B, A extends boolean> = {
  /** Routes are private unless they say otherwise. */
  public?: A;
  /** What the caller's role must be allowed to do (lib/auth/permissions.ts); 403 otherwise. */
  allow?: Action;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  /** The JSON body, or with `multipart` the form's text fields. */
  body?: ZodType<B>;
  /** The body is multipart/form-data with these files (checked by content and size). */
  multipart?: MultipartSpec;
  /** A GET that changes state (the spec names a few, e.g. GET /orders/dismiss/{id}) still demands the anti-forgery token. */
  changesState?: boolean;
  /**
   * The request proves itself by a signed token in its address and nothing else: no anti-forgery token, no body
   * read. Only for one-click unsubscribe (RFC 8058), which mail clients POST with neither a session nor a cookie;
   * such a handler must take `public` and verify its token.
   */
  signedLink?: true;
  /**
   * How a plain HTML form post (a page without JavaScript) learns of any failure, its own or one found before
   * the handler (a stale token, text that cannot be stored): a redirect to the form's page with a message code,
   * instead of JSON the browser would show as it is. `form` holds the fields read, if the body was read;
   * undefined leaves the failure to the usual error answer.
   */
  formFailure?: (req: Request, error: unknown, form: Record<string, string>) => Response | undefined;
};

type Input<P, Q, B, A extends boolean> = {
  req: Request;
  actor: A extends true ? Actor | null : Actor;
  params: P;
  query: Q;
  body: B;
  /** The files of a multipart body, by field name; absent optional files are undefined. */
  files: Record<string, UploadedFile | undefined>;
};

/**
 * Wraps every API handler: anti-forgery check first (419), then the session (401) and permission
 * (403) before a large body is read, then the body within its limit (413), text PostgreSQL cannot
 * store refused (422, lib/http/storable-text.ts), zod parsing of params, query and body (422, or 400
 * for unreadable JSON), then the handler; every failure goes through one error mapping. A plain
 * return value is sent as JSON.
 */
export function route<P = undefined, Q = undefined, B = undefined, A extends boolean = false>(
  spec: Spec<P, Q, B, A>,
  handler: (input: Input<P, Q, B, A>) => Promise<unknown>,
) {
  // One log line and the request metrics for every API request (lib/observability/request-log.ts).
  return observed(async (req: Request, ctx?: RouteContext): Promise<Response> => {
    let form: Record<string, string> | undefined;
    try {
      const changing = isStateChanging(req.method);
      // HTML forms (sign-in, sign-out) carry the token in their small url-encoded body.
      form = changing && isFormPost(req) ? await readFormBody(req) : undefined;
      if (
        (changing || spec.changesState) &&
        !spec.signedLink &&
        !tokensMatch(xsrfCookieOf(req), req.headers.get(XSRF_HEADER) ?? form?._token)
      )
        throw new ApiError(419, CSRF_MISMATCH);
      const actor = await actorFromRequest(req);
      noteUser(actor?.userId);
      if (!actor && !spec.public) throw new ApiError(401, 'Unauthenticated.');
      if (actor && spec.allow && !can(actor, spec.allow)) throw new ApiError(403, refusalOf(spec.allow));
      const { raw, files } = changing && !spec.signedLink ? await readBody(req, spec, form) : { raw: {}, files: {} };
      const rawParams = ctx ? await ctx.params : {};
      const rawQuery = queryObject(new URL(req.url));
      refuseUnstorableText(rawParams, rawQuery, raw);
      const params = spec.params ? spec.params.parse(rawParams) : (undefined as P);
      const query = spec.query ? spec.query.parse(rawQuery) : (undefined as Q);
      const body = spec.body ? spec.body.parse(raw) : (undefined as B);
      const result = await handler({ req, actor: actor as Input<P, Q, B, A>['actor'], params, query, body, files });
      return secured(result instanceof Response ? result : json(result ?? {}));
    } catch (error) {
      const formAnswer = spec.formFailure && isFormPost(req) ? spec.formFailure(req, error, form ?? {}) : undefined;
      if (formAnswer) return secured(formAnswer);
      return secured(errorResponse(error));
    }
  });
}

/** The API's own security headers (lib/http/security-headers.ts); next.config.ts adds the common ones. */
export function secured(response: Response): Response {
  try {
    setApiHeaders(response.headers);
    return response;
  } catch {
    // A Response made by Response.redirect() or fetch() has immutable headers: copy it then.
    const copy = new Response(response.body, response);
    setApiHeaders(copy.headers);
    return copy;
  }
}

function setApiHeaders(headers: Headers): void {
  headers.set('content-security-policy', API_CSP);
  if (isServedOverHttps) headers.set('strict-transport-security', HSTS_HEADER);
}

async function readBody(
  req: Request,
  spec: { multipart?: MultipartSpec },
  form: Record<string, string> | undefined,
): Promise<{ raw: Record<string, unknown>; files: Record<string, UploadedFile | undefined> }> {
  if (form) return { raw: form, files: {} };
  if (spec.multipart) {
    const { fields, files } = await readMultipart(req, spec.multipart);
    return { raw: fields, files };
  }
  if ((req.headers.get('content-type') ?? '').startsWith('multipart/form-data')) throw new ApiError(415, 'Send this request as JSON.');
  return { raw: await readJsonBody(req), files: {} };
}

/** Text PostgreSQL cannot store (NUL, lone surrogates) is refused before parsing: lib/http/storable-text.ts. */
export function refuseUnstorableText(...inputs: unknown[]): void {
  for (const input of inputs) {
    const path = unstorableTextPath(input);
    if (path !== null) throw new ApiError(422, UNSTORABLE_TEXT, { [path]: [UNSTORABLE_TEXT] });
  }
}

export function queryObject(url: URL): Record<string, string> {
  // Screens send empty filters as `store=`; an empty value means "no filter", not bad input.
  return Object.fromEntries([...url.searchParams.entries()].filter(([, value]) => value !== ''));
}

export function isFormPost(req: Request): boolean {
  return (req.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded');
}

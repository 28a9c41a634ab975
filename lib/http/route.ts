import type { ZodType } from 'zod';
import type { Actor } from '../auth/actor';
import { actorFromRequest } from '../auth/session';
import { ApiError, errorResponse, json } from './errors';
import { CSRF_MISMATCH, isStateChanging, tokensMatch, xsrfCookieOf, XSRF_HEADER } from './csrf';

type RouteContext = { params: Promise<Record<string, string | string[]>> };

type Spec<P, Q, B, A extends boolean> = {
  /** Routes are private unless they say otherwise. */
  public?: A;
  /** Who may call it, beyond being signed in. */
  allow?: (actor: Actor) => boolean;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
};

type Input<P, Q, B, A extends boolean> = {
  req: Request;
  actor: A extends true ? Actor | null : Actor;
  params: P;
  query: Q;
  body: B;
};

/**
 * Wraps every API handler: anti-forgery check first (419), then the session (401), permission (403),
 * zod parsing of params, query and body (422, or 400 for unreadable JSON), then the handler; every
 * failure goes through one error mapping. A plain return value is sent as JSON.
 */
export function route<P = undefined, Q = undefined, B = undefined, A extends boolean = false>(
  spec: Spec<P, Q, B, A>,
  handler: (input: Input<P, Q, B, A>) => Promise<unknown>,
) {
  return async (req: Request, ctx?: RouteContext): Promise<Response> => {
    try {
      const raw = isStateChanging(req.method) ? await readBody(req) : {};
      if (isStateChanging(req.method) && !hasValidXsrf(req, raw)) throw new ApiError(419, CSRF_MISMATCH);
      const actor = await actorFromRequest(req);
      if (!actor && !spec.public) throw new ApiError(401, 'Unauthenticated.');
      if (actor && spec.allow && !spec.allow(actor)) throw new ApiError(403, 'You do not have permission to do this.');
      const rawParams = ctx ? await ctx.params : {};
      const params = spec.params ? spec.params.parse(rawParams) : (undefined as P);
      const query = spec.query ? spec.query.parse(queryObject(new URL(req.url))) : (undefined as Q);
      const body = spec.body ? spec.body.parse(raw) : (undefined as B);
      const result = await handler({ req, actor: actor as Input<P, Q, B, A>['actor'], params, query, body });
      return result instanceof Response ? result : json(result ?? {});
    } catch (error) {
      return errorResponse(error);
    }
  };
}

function queryObject(url: URL): Record<string, string> {
  // Screens send empty filters as `store=`; an empty value means "no filter", not bad input.
  return Object.fromEntries([...url.searchParams.entries()].filter(([, value]) => value !== ''));
}

/** HTML forms (sign-in, sign-out) post url-encoded with the token in `_token`; everything else posts JSON. */
async function readBody(req: Request): Promise<Record<string, unknown>> {
  if (isFormPost(req)) return Object.fromEntries(new URLSearchParams(await req.text()).entries());
  const text = await req.text();
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new ApiError(400, 'The request body must be a JSON object.');
    return parsed as Record<string, unknown>;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, 'The request body is not valid JSON.');
  }
}

export function isFormPost(req: Request): boolean {
  return (req.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded');
}

function hasValidXsrf(req: Request, body: Record<string, unknown>): boolean {
  const sent = req.headers.get(XSRF_HEADER) ?? (isFormPost(req) && typeof body._token === 'string' ? body._token : null);
  return tokensMatch(xsrfCookieOf(req), sent);
}

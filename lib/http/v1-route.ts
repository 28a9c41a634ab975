import type { ZodType } from 'zod';
import type { IntegrationScope } from '../../db/schema';
import type { IntegrationActor } from '../auth/integration-actor';
import { hasScope, integrationForKey } from '../domain/integrations/authenticate';
import { readJsonBody } from './body';
import { ApiError, errorResponse, json } from './errors';
import { queryObject, refuseUnstorableText, secured } from './route';
import { observed } from '../observability/request-log';

type RouteContext = { params: Promise<Record<string, string | string[]>> };

type V1Spec<P, Q, B> = {
  /** What the key must be allowed to do; 403 otherwise. Without it any working key will do. */
  scope?: IntegrationScope;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  /** A JSON body read whole within `bodyLimit`; without it the handler reads the body itself (a stream). */
  body?: ZodType<B>;
  bodyLimit?: number;
};

type V1Input<P, Q, B> = { req: Request; actor: IntegrationActor; params: P; query: Q; body: B };

const unauthenticated = (message: string) => new ApiError(401, message, undefined, { 'WWW-Authenticate': 'Bearer' });

/**
 * Wraps every integration API handler (/api/v1, design §1): the caller is a retailer's system proving
 * itself with `Authorization: Bearer <key>` (401 without a working key, 403 without the scope), never a
 * browser session: the session cookie is not read here, and route() never reads the key, so neither
 * credential works on the other surface. A bearer key is no ambient credential a browser sends by itself,
 * so there is no anti-forgery token. Then params, query and body are parsed as route() does them.
 */
export function v1Route<P = undefined, Q = undefined, B = undefined>(
  spec: V1Spec<P, Q, B>,
  handler: (input: V1Input<P, Q, B>) => Promise<unknown>,
) {
  // Logged and counted as every API request is (lib/observability/request-log.ts).
  return observed(async (req: Request, ctx?: RouteContext): Promise<Response> => {
    try {
      const actor = await integrationFromRequest(req);
      if (spec.scope && !hasScope(actor, spec.scope)) throw new ApiError(403, `This key may not use ${spec.scope}.`);
      const rawParams = ctx ? await ctx.params : {};
      const rawQuery = queryObject(new URL(req.url));
      const raw = spec.body ? await readJsonBody(req, spec.bodyLimit) : {};
      refuseUnstorableText(rawParams, rawQuery, raw);
      const params = spec.params ? spec.params.parse(rawParams) : (undefined as P);
      const query = spec.query ? spec.query.parse(rawQuery) : (undefined as Q);
      const body = spec.body ? spec.body.parse(raw) : (undefined as B);
      const result = await handler({ req, actor, params, query, body });
      return secured(result instanceof Response ? result : json(result ?? {}));
    } catch (error) {
      return secured(errorResponse(error));
    }
  });
}

/**
 * A JSON body read and checked as v1Route reads one given `body`, for a handler that reads its body itself
 * (one that also takes another format, e.g. POST /api/v1/documents with XML).
 */
export async function jsonBodyOf<B>(req: Request, schema: ZodType<B>, limit?: number): Promise<B> {
  const raw = await readJsonBody(req, limit);
  refuseUnstorableText(raw);
  return schema.parse(raw);
}

async function integrationFromRequest(req: Request): Promise<IntegrationActor> {
  const header = req.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthenticated('An API key is required: Authorization: Bearer <key>.');
  const actor = await integrationForKey(match[1]);
  if (!actor) throw unauthenticated('The API key is not valid or has been revoked.');
  return actor;
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request a piece of code runs for, without passing it along: route() (lib/http/route.ts) runs each
 * handler inside one, so the request log knows the user and jobs enqueued by the handler carry the request
 * id into the worker's log lines (jobs/enqueue.ts).
 */
export type RequestContext = { requestId: string; userId?: number };

// One store per process: Next bundles route code apart from code loaded by Node itself.
const KEY = Symbol.for('portal.requestContext');
const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestContext> };
const storage = (holder[KEY] ??= new AsyncLocalStorage<RequestContext>());

export const REQUEST_ID_HEADER = 'x-request-id';
// What a request id from outside may look like (a UUID, nginx's $request_id, a tracing id): nothing a log reader could mistake.
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The caller's X-Request-Id when it is a plausible id, otherwise a new one. */
export function requestIdOf(headers: Headers): string {
  const given = headers.get(REQUEST_ID_HEADER);
  return given && ACCEPTABLE_ID.test(given) ? given : randomUUID();
}

export const currentRequest = (): RequestContext | undefined => storage.getStore();

export const runInRequest = <T>(context: RequestContext, work: () => T): T => storage.run(context, work);

/** Records who the request is for, once the session is read. */
export function noteUser(userId: number | undefined): void {
  const context = storage.getStore();
  if (context && userId !== undefined) context.userId = userId;
}

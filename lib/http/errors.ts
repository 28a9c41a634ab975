import { ZodError } from 'zod';
import { randomUUID } from 'node:crypto';
import { ConflictError, DomainError, ForbiddenError, NotFoundError, RuleViolationError, TooManyAttemptsError } from '../domain/errors';

/** An error that already knows its HTTP answer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/*
 * A frozen body is shared and read-only (kept inbox pages, lib/domain/inbox/page-cache.ts): its JSON
 * cannot change, so it is written once, not on every request that returns it. And the text of every
 * JSON response is kept beside it, so the production server writes it out without reading the
 * Response's stream back (server/node-bridge.ts).
 */
const sharedBodyText = new WeakMap<object, string>();
const responseText = new WeakMap<Response, string>();

function jsonText(body: unknown): string {
  if (body === null || typeof body !== 'object' || !Object.isFrozen(body)) return JSON.stringify(body);
  let text = sharedBodyText.get(body);
  if (text === undefined) sharedBodyText.set(body, (text = JSON.stringify(body)));
  return text;
}

export function json(body: unknown, status = 200, headers?: Record<string, string>): Response {
  const text = jsonText(body);
  const response = new Response(text, { status, headers: { 'content-type': 'application/json', ...headers } });
  responseText.set(response, text);
  return response;
}

/** The body of a response made by `json`, as text; undefined for any other response. */
export function jsonTextOf(response: Response): string | undefined {
  return responseText.get(response);
}

/** Field messages keyed by dotted path, as the screens show them next to fields. */
export function zodFieldErrors(error: ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * The message a plain HTML form shows for a failure (sign-in, password forms redirect back with it):
 * the first field message of invalid input, a domain error's own words, else the caller's fallback.
 */
export function formErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ZodError) return error.issues[0]?.message ?? fallback;
  if (error instanceof DomainError) return error.message;
  return fallback;
}

/** The one mapping from failures to answers: clients get a status and a message, never a stack trace. */
export function errorResponse(error: unknown): Response {
  if (error instanceof ApiError) return json({ message: error.message, errors: error.errors ?? {} }, error.status, error.headers);
  if (error instanceof ZodError) {
    const errors = zodFieldErrors(error);
    return json({ message: error.issues[0]?.message ?? 'The given data was invalid.', errors }, 422);
  }
  if (error instanceof DomainError) {
    const status =
      error instanceof NotFoundError
        ? 404
        : error instanceof ForbiddenError
          ? 403
          : error instanceof ConflictError
            ? 409
            : error instanceof TooManyAttemptsError
              ? 429
              : error instanceof RuleViolationError
                ? 422
                : 400;
    const headers = error instanceof TooManyAttemptsError ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined;
    return json({ message: error.message, errors: error.errors ?? {} }, status, headers);
  }
  const id = randomUUID();
  console.error(`[error ${id}]`, error);
  return json({ message: `Something went wrong on our side (reference ${id}).`, errors: {} }, 500);
}

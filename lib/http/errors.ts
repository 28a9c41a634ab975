import { ZodError } from 'zod';
import { randomUUID } from 'node:crypto';
import { JsonText } from '../domain/json-text';
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

/** A JSON answer; JSON text already written (a list page built by PostgreSQL) goes out as it is. */
export function json(body: unknown, status = 200, headers?: Record<string, string>): Response {
  const text = body instanceof JsonText ? body.text : JSON.stringify(body);
  return new Response(text, { status, headers: { 'content-type': 'application/json', ...headers } });
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

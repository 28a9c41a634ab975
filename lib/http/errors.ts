import { z, ZodError } from 'zod';
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

/**
 * Every refusal's body (docs/api.md): one message to show, and messages by field under their dotted path
 * (`lines.2.qty`; `_` for the input as a whole), empty when no one field is at fault.
 */
export const errorBodySchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())),
  })
  .meta({
    id: 'Error',
    examples: [
      { message: 'The quantity may not be negative.', errors: { 'lines.0.qty': ['The quantity may not be negative.'] } },
      { message: 'The API key is not valid or has been revoked.', errors: {} },
    ],
  });
type ErrorBody = z.infer<typeof errorBodySchema>;

const refusal = (body: ErrorBody, status: number, headers?: Record<string, string>) => json(body, status, headers);

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
  if (error instanceof ApiError) return refusal({ message: error.message, errors: error.errors ?? {} }, error.status, error.headers);
  if (error instanceof ZodError) {
    const errors = zodFieldErrors(error);
    return refusal({ message: error.issues[0]?.message ?? 'The given data was invalid.', errors }, 422);
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
    return refusal({ message: error.message, errors: error.errors ?? {} }, status, headers);
  }
  const id = randomUUID();
  console.error(`[error ${id}]`, error);
  return refusal({ message: `Something went wrong on our side (reference ${id}).`, errors: {} }, 500);
}

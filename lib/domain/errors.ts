/**
 * Domain errors say what went wrong in business terms; lib/http maps them to status codes.
 * Domain code throws these and never builds HTTP responses itself.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Missing, or outside the actor's scope: both look the same to the caller so existence does not leak. */
export class NotFoundError extends DomainError {}
/** The actor can see the thing but may not do this to it. */
export class ForbiddenError extends DomainError {}
/** The input breaks a business rule (beyond its shape). */
export class RuleViolationError extends DomainError {}
/** The action conflicts with the current state (e.g. already responded). */
export class ConflictError extends DomainError {}
/** Too many attempts; `retryAfterSeconds` tells when to try again. */
export class TooManyAttemptsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

import { ZodError } from 'zod';
import { TooManyAttemptsError } from '../errors';
import { INVALID_CREDENTIALS } from './verify-credentials';
import { RESET_INVALID_MESSAGE, RESET_SENT_MESSAGE } from './password-reset';

/**
 * The sign-in and password pages take their messages from the address (`/login?error=credentials`),
 * because their forms work without JavaScript and answer with a redirect. The address carries a code,
 * never text: anyone can write a link, and a page that printed whatever `?error=` said would show a
 * stranger's words ("Your account is locked, call …") as the portal's own red alert. Each page maps the
 * codes to its own fixed messages; an unknown code shows nothing.
 */

export const SIGN_IN_ERRORS = {
  credentials: INVALID_CREDENTIALS,
  email: 'Please enter a valid e-mail address.',
  password: 'Please enter your password.',
  throttled: 'Too many failed sign-in attempts. Please try again later.',
  session_expired: 'Your session has ended. Please sign in again to continue where you were.',
  failed: 'Sign-in failed. Please try again.',
} as const;
export type SignInErrorCode = keyof typeof SIGN_IN_ERRORS;

export const SIGN_IN_STATUSES = {
  reset_sent: RESET_SENT_MESSAGE,
  password_reset: 'Your password has been reset. You can sign in now.',
  signed_out: 'You have been signed out.',
} as const;
export type SignInStatusCode = keyof typeof SIGN_IN_STATUSES;

export const RESET_ERRORS = {
  invalid_link: RESET_INVALID_MESSAGE,
  password_short: 'The password must be at least 8 characters.',
  password_mismatch: 'The passwords do not match.',
  failed: 'We could not reset your password',
} as const;
export type ResetErrorCode = keyof typeof RESET_ERRORS;

const lookup = <T extends Record<string, string>>(table: T, code: unknown): string | null =>
  typeof code === 'string' && Object.hasOwn(table, code) ? table[code] : null;

/** Minutes to wait, as the address may carry them beside `throttled`: a whole number from 1 to 60. */
function minutesOf(value: unknown): number | null {
  const minutes = typeof value === 'string' && /^\d{1,2}$/.test(value) ? Number(value) : NaN;
  return minutes >= 1 && minutes <= 60 ? minutes : null;
}

/** The sign-in page's message for `?error=` (and `&minutes=` with throttling); null for unknown codes. */
export function signInErrorText(code: unknown, minutes?: unknown): string | null {
  if (code === 'throttled') {
    const wait = minutesOf(minutes);
    if (wait) return `Too many failed sign-in attempts. Please try again in ${wait} minute${wait === 1 ? '' : 's'}.`;
  }
  return lookup(SIGN_IN_ERRORS, code);
}

export const signInStatusText = (code: unknown): string | null => lookup(SIGN_IN_STATUSES, code);
export const resetErrorText = (code: unknown): string | null => lookup(RESET_ERRORS, code);

/** The code (and wait) a failed sign-in is redirected with. */
export function signInErrorCode(error: unknown): { error: SignInErrorCode; minutes?: string } {
  if (error instanceof TooManyAttemptsError) return { error: 'throttled', minutes: String(Math.ceil(error.retryAfterSeconds / 60)) };
  if (error instanceof ZodError) return { error: error.issues[0]?.path[0] === 'password' ? 'password' : 'email' };
  if (error instanceof Error && error.message === INVALID_CREDENTIALS) return { error: 'credentials' };
  return { error: 'failed' };
}

/** The code a failed password reset is redirected with. */
export function resetErrorCode(error: unknown): ResetErrorCode {
  if (error instanceof ZodError) {
    const field = error.issues[0]?.path[0];
    return field === 'password' ? 'password_short' : field === 'password_confirmation' ? 'password_mismatch' : 'invalid_link';
  }
  if (error instanceof Error && error.message === RESET_INVALID_MESSAGE) return 'invalid_link';
  return 'failed';
}

import { z } from 'zod';
import { RuleViolationError, TooManyAttemptsError } from '../errors';
import { credentialsSchema, INVALID_CREDENTIALS } from './verify-credentials';
import { newPasswordSchema, RESET_INVALID_MESSAGE } from './password-reset';
import { resetErrorCode, resetErrorText, signInErrorCode, signInErrorText, signInStatusText } from './sign-in-messages';

describe('sign-in page messages', () => {
  it('maps known codes to the page’s own fixed text', () => {
    expect(signInErrorText('credentials')).toBe(INVALID_CREDENTIALS);
    expect(signInErrorText('session_expired')).toMatch(/^Your session has ended/);
    expect(signInStatusText('reset_sent')).toBe('We have sent you an email to reset your password');
  });

  it('shows nothing for unknown codes or text, however official it sounds', () => {
    expect(signInErrorText('Your account is locked. Call 0800 000 000.')).toBeNull();
    expect(signInErrorText('toString')).toBeNull();
    expect(signInErrorText('__proto__')).toBeNull();
    expect(signInErrorText(undefined)).toBeNull();
    expect(signInErrorText(['credentials'])).toBeNull();
    expect(signInStatusText('Your password was changed by the bank')).toBeNull();
  });

  it('says how long to wait only for a plausible number of minutes', () => {
    expect(signInErrorText('throttled', '3')).toBe('Too many failed sign-in attempts. Please try again in 3 minutes.');
    expect(signInErrorText('throttled', '1')).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
    expect(signInErrorText('throttled', '9999')).toBe('Too many failed sign-in attempts. Please try again later.');
    expect(signInErrorText('throttled', 'soon, call us')).toBe('Too many failed sign-in attempts. Please try again later.');
  });

  it('turns sign-in failures into codes', () => {
    expect(signInErrorCode(new RuleViolationError(INVALID_CREDENTIALS))).toEqual({ error: 'credentials' });
    expect(signInErrorCode(new TooManyAttemptsError('x', 150))).toEqual({ error: 'throttled', minutes: '3' });
    const bad = credentialsSchema.safeParse({ email: 'not-an-address', password: 'x' });
    expect(signInErrorCode(bad.error)).toEqual({ error: 'email' });
    const noPassword = credentialsSchema.safeParse({ email: 'a@b.test', password: '' });
    expect(signInErrorCode(noPassword.error)).toEqual({ error: 'password' });
    expect(signInErrorCode(new Error('database down'))).toEqual({ error: 'failed' });
  });

  it('turns password-reset failures into codes with fixed text', () => {
    const short = newPasswordSchema.safeParse({ token: 'x'.repeat(30), password: 'short', password_confirmation: 'short' });
    expect(resetErrorCode(short.error)).toBe('password_short');
    const mismatch = newPasswordSchema.safeParse({
      token: 'x'.repeat(30),
      password: 'long-enough-1',
      password_confirmation: 'other-one-22',
    });
    expect(resetErrorCode(mismatch.error)).toBe('password_mismatch');
    expect(resetErrorCode(new RuleViolationError(RESET_INVALID_MESSAGE))).toBe('invalid_link');
    expect(resetErrorText('invalid_link')).toBe(RESET_INVALID_MESSAGE);
    expect(resetErrorText('<b>call us</b>')).toBeNull();
    expect(resetErrorCode(z.string().safeParse(1).error)).toBe('invalid_link');
  });
});

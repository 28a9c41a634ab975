import { signUnsubscribeToken, UNSUBSCRIBE_TOKEN_DAYS, verifyUnsubscribeToken } from './unsubscribe-token';

describe('unsubscribe tokens', () => {
  const now = Date.UTC(2026, 5, 1);
  const token = signUnsubscribeToken(42, ['new-order', 'new-dispute'], now);

  it('name the user and the codes until they expire', () => {
    expect(verifyUnsubscribeToken(token, now)).toEqual({ userId: 42, codes: ['new-order', 'new-dispute'] });
    expect(verifyUnsubscribeToken(token, now + (UNSUBSCRIBE_TOKEN_DAYS - 1) * 86_400_000)).not.toBeNull();
    expect(verifyUnsubscribeToken(token, now + (UNSUBSCRIBE_TOKEN_DAYS + 1) * 86_400_000)).toBeNull();
  });

  it('refuse any change: another user or code, another signature, a missing or extra part', () => {
    const [body, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ u: 43, c: ['new-order'], e: 9_999_999_999 })).toString('base64url');
    expect(verifyUnsubscribeToken(`${forged}.${signature}`, now)).toBeNull();
    expect(verifyUnsubscribeToken(`${body}.${signature.slice(0, -1)}A`, now)).toBeNull();
    expect(verifyUnsubscribeToken(body, now)).toBeNull();
    expect(verifyUnsubscribeToken(`${token}.x`, now)).toBeNull();
    expect(verifyUnsubscribeToken('', now)).toBeNull();
    expect(verifyUnsubscribeToken(undefined, now)).toBeNull();
  });

  it('refuse a code that is not an e-mail preference, even when signed', () => {
    expect(verifyUnsubscribeToken(signUnsubscribeToken(42, ['password-reset'], now), now)).toBeNull();
  });
});

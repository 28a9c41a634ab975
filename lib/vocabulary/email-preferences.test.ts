import { EMAIL_PREFERENCE_CODES } from '../domain/preferences/codes';
import { emailPreferenceLabel, EMAIL_PREFERENCE_LABELS } from './email-preferences';

describe('e-mail preference words', () => {
  it('names every code the preferences screen offers', () => {
    for (const code of EMAIL_PREFERENCE_CODES) expect(EMAIL_PREFERENCE_LABELS[code]).toBeTruthy();
    expect(emailPreferenceLabel('new-order')).toBe('new orders');
  });

  it('reads an unknown code as words', () => {
    expect(emailPreferenceLabel('new-thing')).toBe('new thing');
  });
});

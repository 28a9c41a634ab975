import { EMAIL_PREFERENCE_CODES, EMAIL_PREFERENCE_GROUPS } from '../domain/preferences/codes';
import {
  emailPreferenceGroupDescription,
  emailPreferenceLabel,
  EMAIL_PREFERENCE_GROUP_DESCRIPTIONS,
  EMAIL_PREFERENCE_LABELS,
} from './email-preferences';

describe('e-mail preference words', () => {
  it('names every code the preferences screen offers', () => {
    for (const code of EMAIL_PREFERENCE_CODES) expect(EMAIL_PREFERENCE_LABELS[code]).toBeTruthy();
    expect(emailPreferenceLabel('new-order')).toBe('new orders');
  });

  it('reads an unknown code as words', () => {
    expect(emailPreferenceLabel('new-thing')).toBe('new thing');
  });

  it('describes every toggle of the preferences screen', () => {
    for (const { group } of EMAIL_PREFERENCE_GROUPS) expect(EMAIL_PREFERENCE_GROUP_DESCRIPTIONS[group]).toBeTruthy();
    expect(emailPreferenceGroupDescription('Disputes', ['new-dispute'])).toBe(
      'Disputes the retailer raises about a delivery or an invoice.',
    );
  });

  it('describes a group it has no words for by the e-mails it holds', () => {
    expect(emailPreferenceGroupDescription('Later', ['new-order', 'new-dispute', 'new-thing'])).toBe(
      'E-mails about new orders, new disputes and new thing.',
    );
  });
});

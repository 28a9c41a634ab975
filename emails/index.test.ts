import { renderEmail } from './index';

describe('renderEmail', () => {
  it('escapes user data in the HTML of a password reset', () => {
    const mail = renderEmail('password-reset', {
      name: 'Ann <script>',
      resetUrl: 'http://localhost:3000/password/reset/a?b=1&c=2',
      expiresMinutes: 60,
    });
    expect(mail.subject).toBe('Reset your Trade Portal password');
    expect(mail.html).toContain('Ann &lt;script&gt;');
    expect(mail.html).toContain('href="http://localhost:3000/password/reset/a?b=1&amp;c=2"');
    expect(mail.text).toContain('Hello Ann <script>,');
    expect(mail.text).toContain('expires in 60 minutes');
  });

  it('renders a notification as one paragraph per line', () => {
    const mail = renderEmail('notification', { subject: 'Report ready', lines: ['One', 'Two & three'] });
    expect(mail.html).toContain('<p>One</p><p>Two &amp; three</p>');
    expect(mail.text).toBe('One\n\nTwo & three');
  });

  it('rejects data that does not match the template', () => {
    expect(() => renderEmail('notification', { subject: '', lines: [] })).toThrow();
  });
});

describe('the invitation', () => {
  it('carries no text an administrator chose, even from a payload written before (issue 29)', () => {
    const mail = renderEmail('invitation', {
      name: 'Call +27 555 0100 now',
      invitedBy: 'Your bank: verify at evil.example',
      setPasswordUrl: 'http://localhost:3000/password/reset/abc',
      expiresDays: 7,
    } as never);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('+27 555');
      expect(part).not.toContain('evil.example');
    }
    expect(mail.text).toContain('http://localhost:3000/password/reset/abc');
  });
});

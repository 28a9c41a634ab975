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

import { z } from 'zod';
import { escapeHtml, layout, type RenderedEmail } from '../html';

export const passwordResetDataSchema = z.object({
  name: z.string().min(1),
  resetUrl: z.url(),
  expiresMinutes: z.number().int().positive(),
});
export type PasswordResetData = z.infer<typeof passwordResetDataSchema>;

export function passwordResetEmail({ name, resetUrl, expiresMinutes }: PasswordResetData): RenderedEmail {
  const subject = 'Reset your Trade Portal password';
  const text = [
    `Hello ${name},`,
    '',
    'We received a request to reset your password. Open this link to choose a new one:',
    resetUrl,
    '',
    `The link expires in ${expiresMinutes} minutes. If you did not ask for this, you can ignore this e-mail.`,
  ].join('\n');
  const url = escapeHtml(resetUrl);
  const html = layout(
    `<p>Hello ${escapeHtml(name)},</p>` +
      '<p>We received a request to reset your password. Open this link to choose a new one:</p>' +
      `<p><a href="${url}">${url}</a></p>` +
      `<p>The link expires in ${expiresMinutes} minutes. If you did not ask for this, you can ignore this e-mail.</p>`,
  );
  return { subject, text, html };
}

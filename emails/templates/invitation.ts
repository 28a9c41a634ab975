import { z } from 'zod';
import { escapeHtml, layout, type RenderedEmail } from '../html';

export const invitationDataSchema = z.object({
  name: z.string().min(1),
  invitedBy: z.string().min(1),
  setPasswordUrl: z.url(),
  expiresDays: z.number().int().positive(),
});
export type InvitationData = z.infer<typeof invitationDataSchema>;

/** The invitation of a new user: a single-use link to choose a password (lib/domain/users/invite-user.ts). */
export function invitationEmail({ name, invitedBy, setPasswordUrl, expiresDays }: InvitationData): RenderedEmail {
  const subject = 'You have been invited to the Trade Portal';
  const lines = [
    `Hello ${name},`,
    `${invitedBy} has invited you to the Trade Portal. Open this link to choose your password:`,
    setPasswordUrl,
    `The link works once and expires in ${expiresDays} days.`,
  ];
  const url = escapeHtml(setPasswordUrl);
  const html = layout(
    `<p>Hello ${escapeHtml(name)},</p>` +
      `<p>${escapeHtml(invitedBy)} has invited you to the Trade Portal. Open this link to choose your password:</p>` +
      `<p><a href="${url}">${url}</a></p>` +
      `<p>The link works once and expires in ${expiresDays} days.</p>`,
  );
  return { subject, text: lines.join('\n\n'), html };
}

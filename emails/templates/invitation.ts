import { z } from 'zod';
import { escapeHtml, layout, type RenderedEmail } from '../html';

/*
 * An invitation goes to any address an administrator types, so it carries no text an administrator
 * chose (its name, the invitee's name): only the portal's own words and the link (issue 29). Payloads
 * written before, with `name` and `invitedBy`, still parse; those fields are dropped.
 */
export const invitationDataSchema = z.object({
  setPasswordUrl: z.url(),
  expiresDays: z.number().int().positive(),
});
export type InvitationData = z.infer<typeof invitationDataSchema>;

/** The invitation of a new user: a single-use link to choose a password (lib/domain/users/invite-user.ts). */
export function invitationEmail({ setPasswordUrl, expiresDays }: InvitationData): RenderedEmail {
  const subject = 'You have been invited to the Trade Portal';
  const intro = 'An administrator of the Trade Portal has given this address an account. Open this link to choose your password:';
  const outro = `The link works once and expires in ${expiresDays} days. If you did not expect this invitation, ignore this e-mail.`;
  const url = escapeHtml(setPasswordUrl);
  const html = layout(`<p>Hello,</p><p>${intro}</p><p><a href="${url}">${url}</a></p><p>${outro}</p>`);
  return { subject, text: ['Hello,', intro, setPasswordUrl, outro].join('\n\n'), html };
}

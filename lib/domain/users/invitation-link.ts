import type { Tx } from '../../../db/client';
import { enqueueInOutbox } from '../../../jobs/enqueue';
import { issuePasswordLink, revokePasswordLinks } from '../auth/password-reset';
import { countInvitation } from '../request-limits';

/** An invitation's link sets the first password once, within 7 days (issue 11). */
export const INVITATION_DAYS = 7;

/**
 * Writes a new single-use link for the invited user and its e-mail, inside the caller's transaction;
 * links sent before stop working, so only the newest invitation counts. Invitations are limited per
 * inviting user and per invited address (429 past a limit: lib/domain/request-limits.ts), and carry no
 * text the inviter chose (emails/templates/invitation.ts): an invitation goes to any address.
 */
export async function queueInvitation(tx: Tx, user: { id: number; email: string }, invitedBy: { userId: number }) {
  await countInvitation(tx, invitedBy.userId, user.email);
  await revokePasswordLinks(tx, user.id);
  const setPasswordUrl = await issuePasswordLink(tx, user.id, INVITATION_DAYS * 24 * 60);
  await enqueueInOutbox(tx, 'send-email', {
    to: user.email,
    template: 'invitation',
    data: { setPasswordUrl, expiresDays: INVITATION_DAYS },
  });
}

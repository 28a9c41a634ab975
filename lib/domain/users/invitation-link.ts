import type { DbOrTx } from '../../../db/client';
import { enqueueInOutbox } from '../../../jobs/enqueue';
import { issuePasswordLink, revokePasswordLinks } from '../auth/password-reset';

/** An invitation's link sets the first password once, within 7 days (issue 11). */
export const INVITATION_DAYS = 7;

/**
 * Writes a new single-use link for the invited user and its e-mail, inside the caller's transaction;
 * links sent before stop working, so only the newest invitation counts.
 */
export async function queueInvitation(tx: DbOrTx, user: { id: number; name: string; email: string }, invitedBy: string) {
  await revokePasswordLinks(tx, user.id);
  const setPasswordUrl = await issuePasswordLink(tx, user.id, INVITATION_DAYS * 24 * 60);
  await enqueueInOutbox(tx, 'send-email', {
    to: user.email,
    template: 'invitation',
    data: { name: user.name, invitedBy, setPasswordUrl, expiresDays: INVITATION_DAYS },
  });
}

import { db } from '../../../db/client';
import { nudgeOutbox } from '../../../jobs/outbox-relay';
import type { Actor } from '../../auth/actor';
import { assertCan, userAdminReachOf } from '../../auth/permissions';
import { ConflictError, ForbiddenError } from '../errors';
import { queueInvitation } from './invitation-link';
import { loadAdministeredUser } from './reach';
import { recordUserChange } from './record-user-change';

/**
 * POST /users/{id}/send-invitation (spec §6): only while the user is active and has never signed in,
 * and only by the portal admin or the user's inviter (parent). The new link replaces the old one.
 */
export async function sendInvitation(actor: Actor, id: number, { ip }: { ip?: string } = {}) {
  assertCan(actor, 'users.manage');
  const result = await db.transaction(async (tx) => {
    const target = await loadAdministeredUser(tx, actor, id);
    if (!userAdminReachOf(actor.roleCode)?.resendsAnyInvitation && target.parentUserId !== actor.userId)
      throw new ForbiddenError('Only the portal administrator or the user who sent the invitation may resend it.');
    if (target.deletedAt) throw new ConflictError(`${target.name} is inactive: the invitation was not sent.`);
    if (target.lastLogin) throw new ConflictError(`${target.name} has already signed in: the invitation was not sent.`);
    await queueInvitation(tx, target, actor);
    await recordUserChange(tx, actor, target, 'invite-user', `Resent the invitation to ${target.email}`, { ip, detail: { resent: true } });
    return { message: `The invitation has been sent to ${target.email}` };
  });
  nudgeOutbox();
  return result;
}

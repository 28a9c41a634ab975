import { eq } from 'drizzle-orm';
import { db, type DbOrTx } from '../../../db/client';
import { users, userSubsidiaries } from '../../../db/schema';
import { nudgeOutbox } from '../../../jobs/outbox-relay';
import type { Actor } from '../../auth/actor';
import { assertCan, roleKind } from '../../auth/permissions';
import { RuleViolationError } from '../errors';
import { roleLabel } from '../../vocabulary';
import { queueInvitation } from './invitation-link';
import { getAdministeredUser } from './queries';
import { assertGrantableSubsidiaries, assertSubsidiariesExist, grantableRoleCode, type SubsidiaryGrant } from './reach';
import { recordUserChange } from './record-user-change';
import type { UserForm } from './schemas';

export const EMAIL_TAKEN = 'The email has already been taken.';

/** Refuses an address another user (active or not) already has, as a field error. */
export async function assertEmailFree(tx: DbOrTx, email: string, exceptUserId?: number): Promise<void> {
  const [other] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (other && other.id !== exceptUserId) throw new RuleViolationError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
}

/** Only retail roles hold subsidiaries; the form's subsidiaries are dropped for the others. */
export function subsidiariesFor(roleCode: string, grants: SubsidiaryGrant[]): SubsidiaryGrant[] {
  return roleKind(roleCode) === 'customer' ? grants : [];
}

/**
 * POST /users: invites a user. The user, its subsidiary grants, the invitation link (7 days, single use)
 * and its e-mail, the audit entry and the activity commit together. The inviter becomes the user's
 * parent, who may resend the invitation. A supplier role goes on to the linking step on the screen.
 */
export async function inviteUser(actor: Actor, form: UserForm, { ip }: { ip?: string } = {}) {
  assertCan(actor, 'users.manage');
  const id = await db.transaction(async (tx) => {
    const roleCode = await grantableRoleCode(tx, actor, form.roleId);
    const grants = subsidiariesFor(roleCode, form.subsidiaries);
    assertGrantableSubsidiaries(actor, grants);
    await assertSubsidiariesExist(tx, grants);
    await assertEmailFree(tx, form.email);
    const [user] = await tx
      .insert(users)
      .values({ name: form.name, email: form.email, roleId: form.roleId, parentUserId: actor.userId })
      .returning({ id: users.id, name: users.name, email: users.email });
    if (grants.length) await tx.insert(userSubsidiaries).values(grants.map((g) => ({ userId: user.id, ...g })));
    await queueInvitation(tx, user, actor);
    await recordUserChange(tx, actor, user, 'invite-user', `Invited ${user.email} as ${roleLabel(roleCode)}`, { ip });
    return user.id;
  });
  nudgeOutbox();
  const user = await getAdministeredUser(actor, id);
  return { message: `${user?.name ?? form.name} has been invited`, user };
}

import { eq, sql } from 'drizzle-orm';
import { db, type DbOrTx } from '../../../db/client';
import { users, userSubsidiaries, userVendors } from '../../../db/schema';
import { nudgeOutbox } from '../../../jobs/outbox-relay';
import type { Actor } from '../../auth/actor';
import { assertCan, roleKind } from '../../auth/permissions';
import { endSessions } from '../auth/end-sessions';
import { ConflictError } from '../errors';
import { roleLabel } from '../../vocabulary';
import { needsConfirmedEmailChange, noticeEmailChanged, requestEmailChange } from './email-change';
import { assertEmailFree, subsidiariesFor } from './invite-user';
import { getAdministeredUser } from './queries';
import {
  assertGrantableSubsidiaries,
  assertSubsidiariesExist,
  grantableRoleCode,
  loadAdministeredUser,
  refuseSelf,
  type SubsidiaryGrant,
} from './reach';
import { recordUserChange } from './record-user-change';
import type { UserForm } from './schemas';

const grantsKey = (grants: SubsidiaryGrant[]) =>
  JSON.stringify(
    [...grants].sort((a, b) => a.subsidiaryId - b.subsidiaryId).map((g) => [g.subsidiaryId, g.canRead || g.canWrite, g.canWrite]),
  );

async function subsidiaryGrantsOf(tx: DbOrTx, userId: number): Promise<SubsidiaryGrant[]> {
  return tx
    .select({ subsidiaryId: userSubsidiaries.subsidiaryId, canRead: userSubsidiaries.canRead, canWrite: userSubsidiaries.canWrite })
    .from(userSubsidiaries)
    .where(eq(userSubsidiaries.userId, userId));
}

/**
 * PUT /users/{id} with the user form: name, e-mail, role and subsidiaries. An inactive user is only
 * changed to reactivate it (`deleted_at: null`, spec §4). A new role or new subsidiary grants end the
 * user's sessions in the same transaction, so the next request runs with the new rights; a user who
 * stops being a supplier loses its vendor links. Any change needs write on every subsidiary and vendor
 * the user holds (reach.ts). A new e-mail address ends the user's sessions and tells the old address;
 * an administrator's new address waits until it is confirmed from the old one (email-change.ts).
 */
export async function updateUser(actor: Actor, id: number, form: UserForm, { ip }: { ip?: string } = {}) {
  assertCan(actor, 'users.manage');
  refuseSelf(actor, id, 'You cannot change your own role or access; ask another administrator.');
  const { name, activated, pendingEmail, mailed } = await db.transaction(async (tx) => {
    const target = await loadAdministeredUser(tx, actor, id);
    const activated = target.deletedAt !== null;
    if (activated && !form.reactivate) throw new ConflictError(`${target.name} is inactive: make the user active before editing.`);
    const roleCode = await grantableRoleCode(tx, actor, form.roleId);
    const grants = subsidiariesFor(roleCode, form.subsidiaries);
    assertGrantableSubsidiaries(actor, grants);
    await assertSubsidiariesExist(tx, grants);
    await assertEmailFree(tx, form.email, id);

    const before = await subsidiaryGrantsOf(tx, id);
    const accessChanged = target.roleId !== form.roleId || grantsKey(before) !== grantsKey(grants);
    const emailChanged = form.email !== target.email;
    const pendingEmail = emailChanged && needsConfirmedEmailChange(target) ? form.email : null;
    const email = pendingEmail ? target.email : form.email;
    await tx
      .update(users)
      .set({ name: form.name, email, roleId: form.roleId, deletedAt: null, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    if (pendingEmail) await requestEmailChange(tx, actor, target, pendingEmail);
    else if (emailChanged) await noticeEmailChanged(tx, target.email, email);
    if (accessChanged) {
      await tx.delete(userSubsidiaries).where(eq(userSubsidiaries.userId, id));
      if (grants.length) await tx.insert(userSubsidiaries).values(grants.map((g) => ({ userId: id, ...g })));
      if (roleKind(roleCode) !== 'vendor') await tx.delete(userVendors).where(eq(userVendors.userId, id));
    }
    if (accessChanged || email !== target.email) await endSessions(tx, id);
    const what = activated ? 'activate-user' : 'update-user';
    const addressed = pendingEmail ? `, new e-mail ${pendingEmail} to be confirmed` : emailChanged ? `, e-mail was ${target.email}` : '';
    const descr = `${activated ? 'Made active' : 'Updated'} ${email}${accessChanged ? ` (role ${roleLabel(roleCode)}, access changed)` : ''}${addressed}`;
    await recordUserChange(tx, actor, { id, email }, what, descr, { ip });
    return { name: form.name, activated, pendingEmail, mailed: emailChanged };
  });
  if (mailed) nudgeOutbox();
  const done = `${name} has been ${activated ? 'made active' : 'updated'}`;
  const message = pendingEmail ? `${done}; the new e-mail address takes effect once the user confirms it from the current one` : done;
  return { message, user: await getAdministeredUser(actor, id) };
}

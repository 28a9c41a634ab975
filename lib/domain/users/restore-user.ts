import { eq, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { users } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { ConflictError } from '../errors';
import { userNotRestored } from '../failure-texts';
import { loadAdministeredUser, refuseSelf } from './reach';
import { recordUserChange } from './record-user-change';

/** POST /users/restore/{id}: clears deleted_at of an inactive user ('{user} has been restored'). */
export async function restoreUser(actor: Actor, id: number, { ip }: { ip?: string } = {}) {
  assertCan(actor, 'users.manage');
  refuseSelf(actor, id, 'You cannot restore yourself.');
  return db.transaction(async (tx) => {
    const target = await loadAdministeredUser(tx, actor, id);
    if (!target.deletedAt) throw new ConflictError(`${userNotRestored(target.name)}: the user is active.`);
    await tx
      .update(users)
      .set({ deletedAt: null, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    await recordUserChange(tx, actor, target, 'restore-user', `Restored ${target.email}`, { ip });
    return { message: `${target.name} has been restored` };
  });
}

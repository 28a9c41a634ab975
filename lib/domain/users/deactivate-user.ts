import { eq, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { users } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { endSessions } from '../auth/end-sessions';
import { ConflictError } from '../errors';
import { loadAdministeredUser, refuseSelf } from './reach';
import { recordUserChange } from './record-user-change';

/**
 * DELETE /users/{id}: deactivation sets deleted_at (spec §4) and ends the user's sessions in the same
 * transaction, so its next request is refused.
 */
export async function deactivateUser(actor: Actor, id: number, { ip }: { ip?: string } = {}) {
  assertCan(actor, 'users.manage');
  refuseSelf(actor, id, 'You cannot make yourself inactive.');
  return db.transaction(async (tx) => {
    const target = await loadAdministeredUser(tx, actor, id);
    if (target.deletedAt) throw new ConflictError(`${target.name} is already inactive.`);
    await tx
      .update(users)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    await endSessions(tx, id);
    await recordUserChange(tx, actor, target, 'deactivate-user', `Made ${target.email} inactive`, { ip });
    return { message: `${target.name} has been made inactive` };
  });
}

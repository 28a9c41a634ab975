import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { roles, subsidiaries, users, userSubsidiaries, userVendors } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { userAdminReachOf, type RoleCode } from '../../auth/permissions';
import { ForbiddenError, NotFoundError, RuleViolationError } from '../errors';

/**
 * Which users an administrator reaches (the table USER_ADMIN_REACH in lib/auth/permissions.ts turned
 * into row conditions and checks). A user outside the reach answers 404, like any out-of-scope row.
 */

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * A retail admin reaches users whose every subsidiary is one of its own (at least one); a supplier
 * admin users whose every vendor link is one of its vendors. A user it invited who has no grants yet
 * (a supplier user before its linking step) is reached too, so the invitation can be completed.
 *
 * `read` (the list, the vendor pages) counts every grant the admin holds; `write` (any change) only its
 * write grants: changing a user needs write on every subsidiary and vendor the user holds (issue 29), so
 * an admin that only reads a subsidiary or vendor cannot deactivate, re-role or re-address its users.
 */
export function usersAdministeredBy(actor: Actor, use: 'read' | 'write' = 'read'): SQL {
  const reach = userAdminReachOf(actor.roleCode);
  if (!reach) return sql`false`;
  if (reach.through === 'all') return sql`true`;
  const roleIs = sql`${users.roleId} in (select ${roles.id} from ${roles} where ${inArray(roles.code, [...reach.roles])})`;
  const g = actor.scope.grants;
  const mine = g.kind === 'subsidiaries' || g.kind === 'vendors' ? g[use] : [];
  const [table, column, userColumn] =
    reach.through === 'subsidiaries'
      ? [userSubsidiaries, userSubsidiaries.subsidiaryId, userSubsidiaries.userId]
      : [userVendors, userVendors.vendorId, userVendors.userId];
  const grantsOf = sql`select 1 from ${table} where ${userColumn} = ${users.id}`;
  return sql`(${roleIs} and (
    (exists (${grantsOf} and ${column} = any(${intArray(mine)})) and not exists (${grantsOf} and not ${column} = any(${intArray(mine)})))
    or (${users.parentUserId} = ${actor.userId} and not exists (${grantsOf}))))`;
}

export const WRITE_NEEDED = 'You need write access to every subsidiary and vendor of this user to change it.';

export type AdministeredUser = {
  id: number;
  name: string;
  email: string;
  roleId: number;
  roleCode: string;
  parentUserId: number | null;
  lastLogin: Date | null;
  deletedAt: Date | null;
};

/**
 * The user, locked for the change, when the actor administers it: 404 outside its read reach, 403 when
 * it only reads some of the user's subsidiaries or vendors (a change needs write on all of them).
 */
export async function loadAdministeredUser(tx: DbOrTx, actor: Actor, id: number): Promise<AdministeredUser> {
  const [row] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      roleId: users.roleId,
      roleCode: roles.code,
      parentUserId: users.parentUserId,
      lastLogin: users.lastLogin,
      deletedAt: users.deletedAt,
      writable: sql<boolean>`${usersAdministeredBy(actor, 'write')}`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, id), usersAdministeredBy(actor)))
    .for('update', { of: users });
  if (!row) throw new NotFoundError('User not found.');
  const { writable, ...user } = row;
  if (!writable) throw new ForbiddenError(WRITE_NEEDED);
  return user;
}

/** Nobody deactivates, re-roles or unlinks themselves. */
export function refuseSelf(actor: Actor, userId: number, message: string): void {
  if (actor.userId === userId) throw new ForbiddenError(message);
}

/** The role's code when the actor may give it; a role above its reach is refused. */
export async function grantableRoleCode(tx: DbOrTx, actor: Actor, roleId: number): Promise<string> {
  const [role] = await tx.select({ code: roles.code }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw new RuleViolationError('The selected role is invalid.', { role_id: ['The selected role is invalid.'] });
  const reach = userAdminReachOf(actor.roleCode);
  if (!reach || !reach.roles.includes(role.code as RoleCode)) throw new ForbiddenError('You may not give this role.');
  return role.code;
}

export type SubsidiaryGrant = { subsidiaryId: number; canRead: boolean; canWrite: boolean };

/** A retail admin grants only subsidiaries it reads, and write only where it writes itself. */
export function assertGrantableSubsidiaries(actor: Actor, grants: readonly SubsidiaryGrant[]): void {
  const g = actor.scope.grants;
  if (g.kind === 'all') return;
  const read = g.kind === 'subsidiaries' ? g.read : [];
  const write = g.kind === 'subsidiaries' ? g.write : [];
  for (const grant of grants) {
    if (!read.includes(grant.subsidiaryId) || (grant.canWrite && !write.includes(grant.subsidiaryId)))
      throw new ForbiddenError('You may only grant subsidiaries and rights you hold yourself.');
  }
}

/** Every subsidiary of the form exists (a made-up id is a field error, not a failed insert). */
export async function assertSubsidiariesExist(tx: DbOrTx, grants: readonly SubsidiaryGrant[]): Promise<void> {
  if (!grants.length) return;
  const ids = grants.map((g) => g.subsidiaryId);
  const found = await tx.select({ id: subsidiaries.id }).from(subsidiaries).where(inArray(subsidiaries.id, ids));
  if (found.length !== new Set(ids).size)
    throw new RuleViolationError('The selected subsidiary is invalid.', { customers: ['The selected subsidiary is invalid.'] });
}

/**
 * A supplier admin links only the vendors linked to it, and a link with write only to vendors it writes
 * itself: a link never gives more than the linking admin holds (issue 29).
 */
export function assertLinkableVendors(actor: Actor, vendorIds: readonly number[], { write = false }: { write?: boolean } = {}): void {
  const g = actor.scope.grants;
  if (g.kind === 'all') return;
  const mine: { read: readonly number[]; write: readonly number[] } = g.kind === 'vendors' ? g : { read: [], write: [] };
  if (vendorIds.some((id) => !mine.read.includes(id))) throw new ForbiddenError('You may only link vendors you are linked to yourself.');
  if (write && vendorIds.some((id) => !mine.write.includes(id)))
    throw new ForbiddenError('You may only give write access to vendors you can write for yourself.');
}

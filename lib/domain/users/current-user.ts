import { and, asc, eq, isNull } from 'drizzle-orm';
import { db } from '../../../db/client';
import { roles, subsidiaries, users, userSubsidiaries, userVendors, vendors } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { NotFoundError } from '../errors';

/**
 * The signed-in user as spec §3 describes it: role, subsidiaries (customers) with per-subsidiary
 * `{id}read` / `{id}write` flags, and the linked vendors.
 */
export async function getCurrentUser(actor: Actor) {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role_id: users.roleId,
      roleCode: roles.code,
      deleted_at: users.deletedAt,
      last_login: users.lastLogin,
      parent_user_id: users.parentUserId,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, actor.userId), isNull(users.deletedAt)));
  if (!user) throw new NotFoundError('User not found.');
  const grants = await db
    .select({
      customer_id: userSubsidiaries.subsidiaryId,
      code: subsidiaries.code,
      name: subsidiaries.name,
      read: userSubsidiaries.canRead,
      write: userSubsidiaries.canWrite,
    })
    .from(userSubsidiaries)
    .innerJoin(subsidiaries, eq(subsidiaries.id, userSubsidiaries.subsidiaryId))
    .where(eq(userSubsidiaries.userId, user.id))
    .orderBy(asc(subsidiaries.name));
  const linked = await db
    .select({ id: vendors.id, code: vendors.code, name: vendors.name })
    .from(userVendors)
    .innerJoin(vendors, eq(vendors.id, userVendors.vendorId))
    .where(eq(userVendors.userId, user.id))
    .orderBy(asc(vendors.code));
  const flags: Record<string, boolean> = {};
  for (const g of grants) {
    flags[`${g.customer_id}read`] = g.read || g.write;
    flags[`${g.customer_id}write`] = g.write;
  }
  const { roleCode, ...rest } = user;
  return { ...rest, role: { id: user.role_id, code: roleCode }, customers: grants, vendors: linked, ...flags };
}

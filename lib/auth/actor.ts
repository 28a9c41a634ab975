import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { db } from '../../db/client';
import { roles, users, userSubsidiaries, userVendors } from '../../db/schema';
import { roleKind, type RoleKind } from './roles';

/**
 * What a signed-in user may see and change. Internal users see everything; retailer staff see their
 * subsidiaries; suppliers see the vendors linked to them. Write lists are subsets of read lists.
 */
export type Scope =
  | { kind: 'all' }
  | { kind: 'subsidiaries'; read: number[]; write: number[] }
  | { kind: 'vendors'; read: number[]; write: number[] };

export type Actor = {
  userId: number;
  name: string;
  email: string;
  roleId: number;
  roleCode: string;
  kind: RoleKind;
  scope: Scope;
};

const ids = (from: SQL) => sql<number[]>`coalesce((${from}), '{}'::int[])`;

// One round trip, prepared once per pooled connection: every request runs it.
const loadActorStatement = db
  .select({
    id: users.id,
    name: users.name,
    email: users.email,
    roleId: users.roleId,
    roleCode: roles.code,
    subsidiariesRead: ids(sql`select array_agg(${userSubsidiaries.subsidiaryId}) from ${userSubsidiaries} where ${userSubsidiaries.userId} = ${users.id} and (${userSubsidiaries.canRead} or ${userSubsidiaries.canWrite})`),
    subsidiariesWrite: ids(sql`select array_agg(${userSubsidiaries.subsidiaryId}) from ${userSubsidiaries} where ${userSubsidiaries.userId} = ${users.id} and ${userSubsidiaries.canWrite}`),
    vendorsRead: ids(sql`select array_agg(${userVendors.vendorId}) from ${userVendors} where ${userVendors.userId} = ${users.id}`),
    vendorsWrite: ids(sql`select array_agg(${userVendors.vendorId}) from ${userVendors} where ${userVendors.userId} = ${users.id} and ${userVendors.canWrite}`),
  })
  .from(users)
  .innerJoin(roles, eq(roles.id, users.roleId))
  .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.deletedAt)))
  .limit(1)
  .prepare('load_actor');

/**
 * Builds the actor from the database on every request, so a deactivated user or a changed role
 * takes effect at the next request rather than when the session cookie expires.
 */
export async function loadActor(userId: number): Promise<Actor | null> {
  const [row] = await loadActorStatement.execute({ userId });
  if (!row) return null;
  const kind = roleKind(row.roleCode);
  const scope: Scope =
    kind === 'internal' ? { kind: 'all' }
    : kind === 'customer' ? { kind: 'subsidiaries', read: row.subsidiariesRead, write: row.subsidiariesWrite }
    : { kind: 'vendors', read: row.vendorsRead, write: row.vendorsWrite };
  return { userId: row.id, name: row.name, email: row.email, roleId: row.roleId, roleCode: row.roleCode, kind, scope };
}

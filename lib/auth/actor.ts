import { and, eq, isNull } from 'drizzle-orm';
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

/**
 * Builds the actor from the database on every request, so a deactivated user or a changed role
 * takes effect at the next request rather than when the session cookie expires.
 */
export async function loadActor(userId: number): Promise<Actor | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, roleId: users.roleId, roleCode: roles.code })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) return null;
  const kind = roleKind(row.roleCode);
  return { userId: row.id, name: row.name, email: row.email, roleId: row.roleId, roleCode: row.roleCode, kind, scope: await scopeFor(row.id, kind) };
}

async function scopeFor(userId: number, kind: RoleKind): Promise<Scope> {
  if (kind === 'internal') return { kind: 'all' };
  if (kind === 'customer') {
    const grants = await db.select().from(userSubsidiaries).where(eq(userSubsidiaries.userId, userId));
    return {
      kind: 'subsidiaries',
      read: grants.filter((g) => g.canRead || g.canWrite).map((g) => g.subsidiaryId),
      write: grants.filter((g) => g.canWrite).map((g) => g.subsidiaryId),
    };
  }
  const links = await db.select().from(userVendors).where(eq(userVendors.userId, userId));
  return { kind: 'vendors', read: links.map((l) => l.vendorId), write: links.filter((l) => l.canWrite).map((l) => l.vendorId) };
}

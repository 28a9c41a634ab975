import { sql, type SQL } from 'drizzle-orm';
import { fixedSql, queryPrepared } from '../../db/client';
import { roles, users, userSubsidiaries, userVendors } from '../../db/schema';
import { roleKind, type RoleKind } from './permissions';
import { Scope, type Grants } from './scope';

/** A signed-in user as every domain function receives it; `scope` says which rows it may see and change. */
export type Actor = {
  userId: number;
  name: string;
  email: string;
  roleId: number;
  roleCode: string;
  kind: RoleKind;
  scope: Scope;
};

const ids = (from: SQL) => sql`coalesce((${from}), '{}'::int[])`;

// One round trip that every request makes: a prepared statement (queryPrepared), rows unmapped.
type ActorRow = {
  id: number;
  name: string;
  email: string;
  roleId: number;
  roleCode: string;
  subsidiariesRead: number[];
  subsidiariesWrite: number[];
  vendorsRead: number[];
  vendorsWrite: number[];
};

const ACTOR_SELECT =
  fixedSql(sql`select ${users.id} as "id", ${users.name} as "name", ${users.email} as "email", ${users.roleId} as "roleId", ${roles.code} as "roleCode",
    ${ids(sql`select array_agg(${userSubsidiaries.subsidiaryId}) from ${userSubsidiaries} where ${userSubsidiaries.userId} = ${users.id} and (${userSubsidiaries.canRead} or ${userSubsidiaries.canWrite})`)} as "subsidiariesRead",
    ${ids(sql`select array_agg(${userSubsidiaries.subsidiaryId}) from ${userSubsidiaries} where ${userSubsidiaries.userId} = ${users.id} and ${userSubsidiaries.canWrite}`)} as "subsidiariesWrite",
    ${ids(sql`select array_agg(${userVendors.vendorId}) from ${userVendors} where ${userVendors.userId} = ${users.id}`)} as "vendorsRead",
    ${ids(sql`select array_agg(${userVendors.vendorId}) from ${userVendors} where ${userVendors.userId} = ${users.id} and ${userVendors.canWrite}`)} as "vendorsWrite"
  from ${users} join ${roles} on ${roles.id} = ${users.roleId}`);

/**
 * The users whose grants (as loadActor builds them) read a vendor's documents: supplier users linked to it. What
 * notifications address (lib/domain/notifications/notify.ts); the digest checks each document again with the
 * recipient's Scope when it is sent.
 */
export const usersReadingVendor = (vendorId: number | SQL) =>
  sql`select ${userVendors.userId} from ${userVendors} join ${users} on ${users.id} = ${userVendors.userId} join ${roles} on ${roles.id} = ${users.roleId}
    where ${userVendors.vendorId} = ${vendorId} and ${roles.code} like '%v\_%' and ${roles.code} not like 'm2\_%' and ${roles.code} not like 'c\_%'`;

async function actorWhere(condition: SQL): Promise<Actor | null> {
  const [row] = await queryPrepared<ActorRow>(sql`${ACTOR_SELECT} where ${condition} and ${users.deletedAt} is null`);
  if (!row) return null;
  const kind = roleKind(row.roleCode);
  const grants: Grants =
    kind === 'internal'
      ? { kind: 'all' }
      : kind === 'customer'
        ? { kind: 'subsidiaries', read: row.subsidiariesRead, write: row.subsidiariesWrite }
        : { kind: 'vendors', read: row.vendorsRead, write: row.vendorsWrite };
  return { userId: row.id, name: row.name, email: row.email, roleId: row.roleId, roleCode: row.roleCode, kind, scope: new Scope(grants) };
}

/**
 * Builds the actor from the database on every request, so a deactivated user or a changed role
 * takes effect at the next request rather than when the session cookie expires; a session begun
 * before the user's sessions were ended (its version is older than the user's) names nobody.
 */
export function loadActor(userId: number, sessionVersion: number): Promise<Actor | null> {
  return actorWhere(sql`${users.id} = ${userId} and ${users.sessionVersion} = ${sessionVersion}`);
}

/**
 * A user as the actor of work done for them without a session (a background job, a test, a tool): their
 * grants as they are now, so the work never reads more than the user may see today. Null when the user is
 * gone or inactive.
 */
export function actorOfUser(userId: number): Promise<Actor | null> {
  return actorWhere(sql`${users.id} = ${userId}`);
}

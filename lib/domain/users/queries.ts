import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { db } from '../../../db/client';
import { emailChanges, roles, subsidiaries, users, userSubsidiaries, userVendors, vendors } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { userAdminReachOf } from '../../auth/permissions';
import { laravelPage, offsetOf } from '../paging';
import { orderBySql, type SortColumns, type SortInput } from '../sorting';
import { escapeLike } from '../query-text';
import { NotFoundError } from '../errors';
import { usersAdministeredBy } from './reach';
import { ADMIN_PAGE_SIZE, type LinkableUsersQuery, type USER_SORT_KEYS, type USER_VENDOR_SORT_KEYS, type UserFilter } from './schemas';

const contains = (text: string) => `%${escapeLike(text)}%`;

// Drizzle writes a column in a select list without its table ("id"), which a subquery would read as its own.
const USER_ID = sql.raw('"users"."id"');

// A user as spec §3 has it: role, subsidiaries (customers) with read/write, and the linked vendors' count.
const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role_id: users.roleId,
  role: sql<{ id: number; code: string; name: string }>`json_build_object('id', ${roles.id}, 'code', ${roles.code}, 'name', ${roles.name})`,
  deleted_at: users.deletedAt,
  last_login: users.lastLogin,
  parent_user_id: users.parentUserId,
  customers: sql<{ customer_id: number; code: string; name: string; read: boolean; write: boolean }[]>`coalesce((
    select json_agg(json_build_object('customer_id', us.subsidiary_id, 'code', s.code, 'name', s.name, 'read', us.can_read or us.can_write, 'write', us.can_write) order by s.name)
    from ${userSubsidiaries} us join ${subsidiaries} s on s.id = us.subsidiary_id where us.user_id = ${USER_ID}), '[]'::json)`,
  vendors_count: sql<number>`(select count(*)::int from ${userVendors} uv where uv.user_id = ${USER_ID})`,
  // A new address waiting for the user's confirmation from the current one (email-change.ts).
  pending_email: sql<string | null>`(select ec.new_email from ${emailChanges} ec
    where ec.user_id = ${USER_ID} and ec.used_at is null and ec.expires_at > now() order by ec.id desc limit 1)`,
};

type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

const USER_SORTS: SortColumns<(typeof USER_SORT_KEYS)[number]> = {
  name: users.name,
  email: users.email,
  role: roles.name,
  last_login: users.lastLogin,
};

function selectUsers(where: SQL | undefined, limit: number, offset: number, sort: SortInput<(typeof USER_SORT_KEYS)[number]> = {}) {
  return db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(orderBySql(sort, USER_SORTS, { tiebreak: users.id, defaultOrder: sql`${users.name} asc, ${users.id} asc` }))
    .limit(limit)
    .offset(offset);
}

/** Spec §3's per-subsidiary flags (`{id}read`, `{id}write`) beside the customers list, as the form reads them. */
export function withSubsidiaryFlags(user: UserRow) {
  const flags: Record<string, boolean> = {};
  for (const c of user.customers) {
    flags[`${c.customer_id}read`] = c.read;
    flags[`${c.customer_id}write`] = c.write;
  }
  return { ...user, ...flags };
}

/** GET /users: the users the actor administers, filtered, a Laravel-style page. */
export async function listUsers(actor: Actor, f: UserFilter) {
  const active = f.active === 'true' || f.active === '1';
  const where = and(
    usersAdministeredBy(actor),
    active ? isNull(users.deletedAt) : isNotNull(users.deletedAt),
    f.search ? or(ilike(users.name, contains(f.search)), ilike(users.email, contains(f.search))) : undefined,
    f.role_id ? eq(users.roleId, f.role_id) : undefined,
    f.vendorCode
      ? sql`exists (select 1 from ${userVendors} uv join ${vendors} v on v.id = uv.vendor_id where uv.user_id = ${users.id} and v.code ilike ${contains(f.vendorCode)})`
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    selectUsers(where, f.pageLimit, offsetOf(f.page, f.pageLimit), f),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return laravelPage(rows.map(withSubsidiaryFlags), f.pageLimit, f.page, total);
}

// A supplier role as roleKind (lib/auth/permissions.ts) reads a code: neither m2_ nor c_ at the start, v_ in it.
const vendorRole = sql`${roles.code} not like 'm2\\_%' and ${roles.code} not like 'c\\_%' and ${roles.code} like '%v\\_%'`;

/**
 * The users the actor may link vendors to (spec §6): active supplier users it administers, never
 * itself; the vendor-linking view's choice of user, by any part of name or e-mail, paged and sorted as GET /users.
 */
export async function listLinkableUsers(actor: Actor, query: Omit<LinkableUsersQuery, 'pageLimit'> & { pageLimit?: number }) {
  const f = { ...query, pageLimit: query.pageLimit ?? ADMIN_PAGE_SIZE };
  const where = and(
    usersAdministeredBy(actor),
    isNull(users.deletedAt),
    ne(users.id, actor.userId),
    vendorRole,
    f.search ? or(ilike(users.name, contains(f.search)), ilike(users.email, contains(f.search))) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    selectUsers(where, f.pageLimit, offsetOf(f.page, f.pageLimit), f),
    db.select({ total: count() }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(where),
  ]);
  return laravelPage(rows, f.pageLimit, f.page, total);
}

/** One administered user, as the list shows it (the answer of invite and edit). */
export async function getAdministeredUser(actor: Actor, id: number) {
  const [row] = await selectUsers(and(eq(users.id, id), usersAdministeredBy(actor)), 1, 0);
  return row ? withSubsidiaryFlags(row) : null;
}

/** GET /users/roles: the roles the actor may give (a retail admin only retail roles, and so on). */
export async function listRoles(actor: Actor) {
  const reach = userAdminReachOf(actor.roleCode);
  if (!reach) return [];
  return db
    .select({ id: roles.id, code: roles.code, name: roles.name })
    .from(roles)
    .where(inArray(roles.code, [...reach.roles]))
    .orderBy(asc(roles.id));
}

/** GET /users/customers: the subsidiaries the actor may grant, with whether it may grant write on each. */
export async function listCustomers(actor: Actor) {
  const g = actor.scope.grants;
  const writable =
    g.kind === 'all'
      ? sql<boolean>`true`
      : g.kind === 'subsidiaries'
        ? sql<boolean>`${subsidiaries.id} = any(${`{${g.write.join(',')}}`}::int[])`
        : sql<boolean>`false`;
  const rows =
    g.kind === 'vendors'
      ? []
      : await db
          .select({ customer_id: subsidiaries.id, code: subsidiaries.code, name: subsidiaries.name, writable })
          .from(subsidiaries)
          .where(actor.scope.subsidiaries())
          .orderBy(asc(subsidiaries.name));
  return { customers: rows };
}

/**
 * GET /users/{id}/vendors/{linked|unlinked}: a page of the user's linked vendors, or of those the actor
 * could link. Each row says whether its link grants write (`write`, linked ones) and whether the actor
 * may give write on it (`writable`: only where it writes itself).
 */
export async function listUserVendors(
  actor: Actor,
  userId: number,
  which: 'linked' | 'unlinked',
  query: { page: number; pageLimit?: number; code?: string; name?: string } & SortInput<(typeof USER_VENDOR_SORT_KEYS)[number]>,
) {
  const q = { ...query, pageLimit: query.pageLimit ?? ADMIN_PAGE_SIZE };
  if (!(await getAdministeredUser(actor, userId))) throw new NotFoundError('User not found.');
  const linkedIds = db.select({ id: userVendors.vendorId }).from(userVendors).where(eq(userVendors.userId, userId));
  const where = and(
    which === 'linked' ? inArray(vendors.id, linkedIds) : and(notInArray(vendors.id, linkedIds), actor.scope.vendors()),
    q.code ? ilike(vendors.code, contains(q.code)) : undefined,
    q.name ? ilike(vendors.name, contains(q.name)) : undefined,
  );
  const g = actor.scope.grants;
  const writable =
    g.kind === 'all'
      ? sql<boolean>`true`
      : sql<boolean>`${vendors.id} = any(${`{${g.kind === 'vendors' ? g.write.join(',') : ''}}`}::int[])`;
  const write = sql<boolean>`coalesce((select ${userVendors.canWrite} from ${userVendors} where ${userVendors.userId} = ${userId} and ${userVendors.vendorId} = ${vendors.id}), false)`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: vendors.id, code: vendors.code, name: vendors.name, write, writable })
      .from(vendors)
      .where(where)
      .orderBy(orderBySql(q, { code: vendors.code, name: vendors.name }, { tiebreak: vendors.id, defaultOrder: sql`${vendors.code} asc` }))
      .limit(q.pageLimit)
      .offset(offsetOf(q.page, q.pageLimit)),
    db.select({ total: count() }).from(vendors).where(where),
  ]);
  return laravelPage(rows, q.pageLimit, q.page, total);
}

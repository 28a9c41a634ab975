import type { Answered } from '@/components/lists/first-page';
import type { listLinkableUsers, listRoles } from '@/lib/domain/users/queries';

/** A role the admin may give, as GET /users/roles answers it. */
export type Role = Awaited<ReturnType<typeof listRoles>>[number];
/**
 * The subsidiaries on which the signed-in admin may grant write: all (portal admins) or those it writes
 * itself, from its own grants, so the users screen never loads every subsidiary to know it.
 */
export type WritableSubsidiaries = 'all' | readonly number[];
/**
 * A user as GET /users and GET /users/linkable list it (dates as the JSON strings they arrive as); `pending_email`
 * is a new address waiting for the user's confirmation from the current one. GET /users adds spec §3's
 * per-subsidiary flags (`{id}read`, `{id}write`), which the screens do not read (they read `customers`).
 */
export type UsersPage = Answered<Awaited<ReturnType<typeof listLinkableUsers>>>;
export type UserRow = UsersPage['data'][number];
/** A subsidiary granted to a user, with read and write. */
export type UserGrant = UserRow['customers'][number];
export type Me = { id: number; resendsAny: boolean; reports: boolean };

/** Spec §3: codes starting m2_ are internal, c_ customer, containing v_ vendor. */
export const isVendorRole = (code: string) => !code.startsWith('m2_') && !code.startsWith('c_') && code.includes('v_');
export const isCustomerRole = (code: string) => code.startsWith('c_');

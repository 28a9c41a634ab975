import type { LaravelPage } from '@/lib/domain/paging';

export type Role = { id: number; code: string; name: string };
/**
 * The subsidiaries on which the signed-in admin may grant write: all (portal admins) or those it writes
 * itself, from its own grants, so the users screen never loads every subsidiary to know it.
 */
export type WritableSubsidiaries = 'all' | readonly number[];
export type UserGrant = { customer_id: number; code: string; name: string; read: boolean; write: boolean };
export type UserRow = {
  id: number;
  name: string;
  email: string;
  role_id: number;
  role: { id: number; code: string; name: string };
  deleted_at: string | null;
  last_login: string | null;
  parent_user_id: number | null;
  customers: UserGrant[];
  vendors_count: number;
  /** A new address waiting for the user's confirmation from the current one. */
  pending_email: string | null;
};
export type UsersPage = LaravelPage<UserRow>;
export type Me = { id: number; resendsAny: boolean; reports: boolean };

/** Spec §3: codes starting m2_ are internal, c_ customer, containing v_ vendor. */
export const isVendorRole = (code: string) => !code.startsWith('m2_') && !code.startsWith('c_') && code.includes('v_');
export const isCustomerRole = (code: string) => code.startsWith('c_');

/** Role ids are fixed by the seed; spec §5–6 depend on 1, 2 and 4. */
export const ROLE_IDS = { c_admin: 1, c_user: 2, m2_admin: 3, v_user: 4, v_admin: 5, m2_user: 6 } as const;
export const DEFAULT_ROLE_ID = ROLE_IDS.v_user;

export type RoleKind = 'internal' | 'customer' | 'vendor';

/** Spec §3: codes starting m2_ are internal, starting c_ are customer, containing v_ are vendor. */
export function roleKind(code: string): RoleKind {
  if (code.startsWith('m2_')) return 'internal';
  if (code.startsWith('c_')) return 'customer';
  if (code.includes('v_')) return 'vendor';
  throw new Error(`Unknown role code ${code}`);
}

/** Where each kind of user lands after signing in. */
export function startPathFor(code: string): string {
  return roleKind(code) === 'vendor' ? '/' : '/history';
}

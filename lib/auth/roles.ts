/** Role ids are fixed by the seed; spec §5–6 depend on 1, 2 and 4. What each role may do: permissions.ts. */
export const ROLE_IDS = { c_admin: 1, c_user: 2, m2_admin: 3, v_user: 4, v_admin: 5, m2_user: 6 } as const;
export const DEFAULT_ROLE_ID = ROLE_IDS.v_user;

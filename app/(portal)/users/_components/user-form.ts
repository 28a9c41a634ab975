import type { UserRow } from './types';

/** The user form's state: per-subsidiary read and write, where write implies read and removing read removes write (spec §5). */
export type Grants = Record<number, { read: boolean; write: boolean }>;
export type UserFormState = { name: string; email: string; role_id: number; grants: Grants };

export const DEFAULT_ROLE_ID = 4;
export const ROLES_NEEDING_SUBSIDIARY = [1, 2];
export const SUBSIDIARY_REQUIRED = 'At least one subsidiary has to be selected';

export function formOf(user: UserRow | null): UserFormState {
  if (!user) return { name: '', email: '', role_id: DEFAULT_ROLE_ID, grants: {} };
  const grants: Grants = {};
  for (const c of user.customers) grants[c.customer_id] = { read: c.read, write: c.write };
  return { name: user.name, email: user.email, role_id: user.role_id, grants };
}

export function setGrant(grants: Grants, id: number, which: 'read' | 'write', on: boolean): Grants {
  const current = grants[id] ?? { read: false, write: false };
  const next = which === 'write' ? { read: current.read || on, write: on } : { read: on, write: on && current.write };
  return { ...grants, [id]: next };
}

/** The form's own checks before sending (the server checks them again). */
export function formErrors(form: UserFormState, needsSubsidiaries: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.name.trim()) errors.name = 'The name field is required.';
  if (!form.email.trim()) errors.email = 'The email field is required.';
  if (needsSubsidiaries && ROLES_NEEDING_SUBSIDIARY.includes(form.role_id) && !Object.values(form.grants).some((g) => g.read || g.write))
    errors.customers = SUBSIDIARY_REQUIRED;
  return errors;
}

/** The body of POST /users and PUT /users/{id}: spec §3's customers list and {id}read/{id}write flags. */
export function bodyOf(form: UserFormState, withSubsidiaries: boolean) {
  const chosen = withSubsidiaries ? Object.entries(form.grants).filter(([, g]) => g.read || g.write) : [];
  const flags = Object.fromEntries(
    chosen.flatMap(([id, g]) => [
      [`${id}read`, g.read || g.write],
      [`${id}write`, g.write],
    ]),
  );
  return {
    name: form.name,
    email: form.email,
    role_id: form.role_id,
    customers: chosen.map(([id]) => ({ customer_id: Number(id) })),
    ...flags,
  };
}

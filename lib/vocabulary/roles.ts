import type { ROLE_IDS } from '../auth/roles';
import { sentenceCase } from './document-types';

/**
 * Role codes as words (docs/architecture.md "Who may do what"). The roles table carries the same names
 * for the API; screens, audit descriptions and exports read them from here, so a code (v_user) never
 * reaches a reader.
 */
export const ROLE_LABELS: Record<keyof typeof ROLE_IDS, string> = {
  c_admin: 'Customer Administrator',
  c_user: 'Customer User',
  m2_admin: 'Portal Administrator',
  m2_user: 'Portal Staff',
  v_admin: 'Supplier Administrator',
  v_user: 'Supplier User',
};

/** 'Supplier User' for v_user; a code not in the table as words of its own ('x_reader' → 'X reader'). */
export function roleLabel(code: string | null | undefined): string {
  const trimmed = code?.trim() ?? '';
  return (ROLE_LABELS as Record<string, string>)[trimmed.toLowerCase()] ?? sentenceCase(trimmed);
}

import { ROLE_IDS } from '../auth/roles';
import { roleLabel } from './roles';

describe('role words', () => {
  it('names every role by words, never its code', () => {
    for (const code of Object.keys(ROLE_IDS)) {
      expect(roleLabel(code)).not.toContain('_');
      expect(roleLabel(code)).not.toBe(code);
    }
    expect(roleLabel('v_user')).toBe('Supplier User');
    expect(roleLabel('m2_admin')).toBe('Portal Administrator');
  });

  it('reads a role code it does not know as words', () => {
    expect(roleLabel('x_reader')).toBe('X reader');
  });
});

import { bodyOf, formErrors, formOf, setGrant } from './user-form';

describe('user form rules (spec §5)', () => {
  it('selecting write selects read; removing read removes write', () => {
    let grants = setGrant({}, 1, 'write', true);
    expect(grants[1]).toEqual({ read: true, write: true });
    grants = setGrant(grants, 1, 'read', false);
    expect(grants[1]).toEqual({ read: false, write: false });
  });

  it('requires name, e-mail, and a subsidiary for role ids 1 and 2', () => {
    const form = { ...formOf(null), role_id: 2 };
    expect(formErrors(form, true)).toEqual({
      name: 'The name field is required.',
      email: 'The email field is required.',
      customers: 'At least one subsidiary has to be selected',
    });
    expect(formOf(null).role_id).toBe(4);
  });

  it('sends the customers list with the read and write flags', () => {
    const form = { name: 'A', email: 'a@b.test', role_id: 2, grants: { 7: { read: true, write: true }, 8: { read: false, write: false } } };
    expect(bodyOf(form, true)).toEqual({
      name: 'A',
      email: 'a@b.test',
      role_id: 2,
      customers: [{ customer_id: 7 }],
      '7read': true,
      '7write': true,
    });
  });
});

import { isActiveLink, navLinksForRole } from './nav-links';

const hrefs = (code: string) => navLinksForRole(code).map((l) => `${l.label} ${l.href}`);

describe('navLinksForRole', () => {
  it('gives a supplier user its inbox, items, pricing and e-mail preferences; its administrator also users and vendors', () => {
    expect(hrefs('v_user')).toEqual(['Inbox /', 'Items /items', 'Pricing /pricing', 'E-mail preferences /preferences/email']);
    expect(hrefs('v_admin')).toEqual([
      'Inbox /',
      'Items /items',
      'Pricing /pricing',
      'Users /users',
      'Vendors /vendors',
      'Changes /changes',
      'E-mail preferences /preferences/email',
    ]);
  });

  it('gives customer roles history, the catalogue they read, changes and master data, and Users only to c_admin', () => {
    const prefs = 'E-mail preferences /preferences/email';
    const catalogue = ['Items /items', 'Pricing /pricing'];
    expect(hrefs('c_admin')).toEqual([
      'History /history',
      ...catalogue,
      'Users /users',
      'Changes /changes',
      'Master data /masterdata',
      prefs,
    ]);
    expect(hrefs('c_user')).toEqual(['History /history', ...catalogue, 'Changes /changes', 'Master data /masterdata', prefs]);
  });

  it('gives internal roles the admin screens, and Users and Integrations only to m2_admin', () => {
    const staff = ['User activity /users/activity', 'Vendors /vendors', 'Changes /changes', 'Master data /masterdata', 'Audit /audit'];
    const prefs = 'E-mail preferences /preferences/email';
    const catalogue = ['Items /items', 'Pricing /pricing'];
    expect(hrefs('m2_admin')).toEqual(['History /history', ...catalogue, 'Users /users', ...staff, 'Integrations /integrations', prefs]);
    expect(hrefs('m2_user')).toEqual(['History /history', ...catalogue, ...staff, prefs]);
  });

  it('never shows staff the supplier’s inbox', () => {
    for (const code of ['c_admin', 'c_user', 'm2_admin', 'm2_user']) expect(hrefs(code)).not.toContain('Inbox /');
  });

  it('decides by prefix before the "contains v_" rule', () => {
    expect(hrefs('c_v_x')[0]).toBe('History /history');
    expect(hrefs('m2_v_x')[0]).toBe('History /history');
  });

  it('gives unknown roles no links', () => {
    expect(navLinksForRole('guest')).toEqual([]);
    expect(navLinksForRole(undefined)).toEqual([]);
  });
});

describe('isActiveLink', () => {
  const links = navLinksForRole('m2_admin');
  it('matches sub-paths but prefers the most specific link', () => {
    expect(isActiveLink('/users', '/users/5/vendors', links)).toBe(true);
    expect(isActiveLink('/users', '/users/activity', links)).toBe(false);
    expect(isActiveLink('/users/activity', '/users/activity', links)).toBe(true);
    expect(isActiveLink('/', '/items', navLinksForRole('v_user'))).toBe(false);
    expect(isActiveLink('/', '/', navLinksForRole('v_user'))).toBe(true);
  });
});

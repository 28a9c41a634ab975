import { isActiveLink, navLinksForRole } from './nav-links';

const hrefs = (code: string) => navLinksForRole(code).map((l) => `${l.label} ${l.href}`);

describe('navLinksForRole', () => {
  it('gives vendor roles inbox, items, pricing, vendor and e-mail preferences', () => {
    const expected = ['Inbox /', 'Items /items', 'Pricing /pricing', 'Vendor /vendors', 'E-mail preferences /preferences/email'];
    expect(hrefs('v_user')).toEqual(expected);
    expect(hrefs('v_admin')).toEqual(expected);
  });

  it('gives customer roles history, changes and master data, and Users only to c_admin', () => {
    expect(hrefs('c_admin')).toEqual(['History /history', 'Users /users', 'Changes /changes', 'Master data /masterdata']);
    expect(hrefs('c_user')).toEqual(['History /history', 'Changes /changes', 'Master data /masterdata']);
  });

  it('gives internal roles the admin screens, and Users only to m2_admin', () => {
    const rest = ['User activity /users/activity', 'Vendors /vendors', 'Changes /changes', 'Master data /masterdata', 'Audit /audit'];
    expect(hrefs('m2_admin')).toEqual(['History /history', 'Users /users', ...rest]);
    expect(hrefs('m2_user')).toEqual(['History /history', ...rest]);
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

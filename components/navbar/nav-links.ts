/** Which screens each kind of role sees in the navbar (spec §3 role codes, design §5). */

export interface NavLink {
  href: string;
  label: string;
}

const link = (href: string, label: string): NavLink => ({ href, label });

export function navLinksForRole(roleCode: string | null | undefined): NavLink[] {
  const code = roleCode ?? '';
  // Order matters: the prefixes m2_ and c_ decide before the looser "contains v_" rule.
  if (code.startsWith('m2_')) {
    return [
      link('/history', 'History'),
      ...(code === 'm2_admin' ? [link('/users', 'Users')] : []),
      link('/users/activity', 'User activity'),
      link('/vendors', 'Vendors'),
      link('/changes', 'Changes'),
      link('/masterdata', 'Master data'),
      link('/audit', 'Audit'),
    ];
  }
  if (code.startsWith('c_')) {
    return [
      link('/history', 'History'),
      ...(code === 'c_admin' ? [link('/users', 'Users')] : []),
      link('/changes', 'Changes'),
      link('/masterdata', 'Master data'),
    ];
  }
  if (code.includes('v_')) {
    return [
      link('/', 'Inbox'),
      link('/items', 'Items'),
      link('/pricing', 'Pricing'),
      link('/vendors', 'Vendor'),
      link('/preferences/email', 'E-mail preferences'),
    ];
  }
  return [];
}

/** '/' matches only itself; other links also match their sub-paths ('/users/5/vendors'). */
export function isActiveLink(href: string, pathname: string | null, all: readonly NavLink[]): boolean {
  if (!pathname) return false;
  if (href === '/') return pathname === '/';
  if (pathname !== href && !pathname.startsWith(`${href}/`)) return false;
  // '/users/activity' is its own link, so '/users' must not light up there as well.
  return !all.some((other) => other.href.length > href.length && (pathname === other.href || pathname.startsWith(`${other.href}/`)));
}

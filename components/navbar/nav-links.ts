import { roleCan, type Action } from '@/lib/auth/permissions';

/** The screens of the navbar, each shown to the roles whose permissions include its action (design §5). */

export interface NavLink {
  href: string;
  label: string;
}

type Screen = NavLink & { action: Action };

const SCREENS: readonly Screen[] = [
  { href: '/', label: 'Inbox', action: 'inbox.read' },
  { href: '/history', label: 'History', action: 'history.read' },
  { href: '/items', label: 'Items', action: 'items.read' },
  { href: '/pricing', label: 'Pricing', action: 'pricing.read' },
  { href: '/users', label: 'Users', action: 'users.manage' },
  { href: '/users/activity', label: 'User activity', action: 'users.activity' },
  { href: '/vendors', label: 'Vendors', action: 'vendors.manage' },
  { href: '/changes', label: 'Changes', action: 'changes.read' },
  { href: '/masterdata', label: 'Master data', action: 'masterdata.read' },
  { href: '/audit', label: 'Audit', action: 'audit.read' },
  { href: '/integrations', label: 'Integrations', action: 'integrations.manage' },
  { href: '/preferences/email', label: 'E-mail preferences', action: 'preferences.email' },
];

export function navLinksForRole(roleCode: string | null | undefined): NavLink[] {
  return SCREENS.filter((screen) => roleCan(roleCode ?? '', screen.action)).map(({ href, label }) => ({ href, label }));
}

/** '/' matches only itself; other links also match their sub-paths ('/users/5/vendors'). */
export function isActiveLink(href: string, pathname: string | null, all: readonly NavLink[]): boolean {
  if (!pathname) return false;
  if (href === '/') return pathname === '/';
  if (pathname !== href && !pathname.startsWith(`${href}/`)) return false;
  // '/users/activity' is its own link, so '/users' must not light up there as well.
  return !all.some((other) => other.href.length > href.length && (pathname === other.href || pathname.startsWith(`${other.href}/`)));
}

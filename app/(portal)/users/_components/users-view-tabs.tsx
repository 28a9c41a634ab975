import Link from 'next/link';

/** Where each view of /users lives: the list, or vendor linking (for one user when `user` is given). */
export const usersListHref = '/users';
export const vendorLinkingHref = (user?: number, which?: 'linked' | 'unlinked') =>
  `/users?view=linking${user ? `&user=${user}` : ''}${which ? `&which=${which}` : ''}`;

/**
 * The two views of the users screen (docs/architecture.md, who administers whom): the user list and vendor linking,
 * as links so the address says which is shown and a reload keeps it.
 */
export function UsersViewTabs({ view }: { view: 'list' | 'linking' }) {
  return (
    <nav className="tabs" aria-label="Users view">
      <Link className="tabs__tab" href={usersListHref} aria-current={view === 'list' ? 'page' : undefined}>
        Users
      </Link>
      <Link className="tabs__tab" href={vendorLinkingHref()} aria-current={view === 'linking' ? 'page' : undefined}>
        Vendor linking
      </Link>
    </nav>
  );
}

import { notFound } from 'next/navigation';
import { asAnswered, firstPage } from '@/components/lists/first-page';
import { requireActor } from '@/lib/auth/server';
import { can, userAdminReachOf } from '@/lib/auth/permissions';
import { listRoles, listUsers } from '@/lib/domain/users/queries';
import { userFilterSchema } from '@/lib/domain/users/schemas';
import { UsersScreen } from './_components/users-screen';
import { USERS_LIST } from './_components/user-lists';
import { UsersViewTabs } from './_components/users-view-tabs';
import { VendorLinkingView } from './_components/vendor-linking-view';
import type { WritableSubsidiaries } from './_components/types';

export const metadata = { title: 'Users' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * /users: the users the actor administers, their filters, page, page size and sort in the address
 * (USERS_LIST), the first page rendered from the same domain function as GET /users; with view=linking,
 * the vendor-linking view instead (spec §2: the screen toggles between the two).
 */
export default async function UsersPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireActor();
  if (!can(actor, 'users.read')) notFound();
  const linksVendors = can(actor, 'users.manage');
  if ((await searchParams).view === 'linking') {
    if (!linksVendors) notFound();
    return (
      <section className="admin-list">
        <header className="page__header">
          <h1 className="page__title">Users</h1>
        </header>
        <UsersViewTabs view="linking" />
        <VendorLinkingView actor={actor} searchParams={searchParams} />
      </section>
    );
  }
  const [page, roles] = await Promise.all([
    firstPage(USERS_LIST, searchParams, userFilterSchema, (query) => listUsers(actor, query)),
    listRoles(actor),
  ]);
  // Where the admin may grant write, from its own grants: the form names subsidiaries from the users' rows and its look-up.
  const grants = actor.scope.grants;
  const writable: WritableSubsidiaries = grants.kind === 'all' ? 'all' : grants.kind === 'subsidiaries' ? grants.write : [];
  return (
    <UsersScreen
      me={{
        id: actor.userId,
        resendsAny: Boolean(userAdminReachOf(actor.roleCode)?.resendsAnyInvitation),
        reports: can(actor, 'users.reports'),
      }}
      tabs={linksVendors ? <UsersViewTabs view="list" /> : null}
      initial={page && asAnswered(page)}
      roles={roles}
      writable={writable}
    />
  );
}

import { notFound } from 'next/navigation';
import { requireActor } from '@/lib/auth/server';
import { queryParams } from '@/components/lists/query-filter-form';
import { can, userAdminReachOf } from '@/lib/auth/permissions';
import { listCustomers, listRoles, listUsers } from '@/lib/domain/users/queries';
import { userFilterSchema } from '@/lib/domain/users/schemas';
import { UsersScreen } from './_components/users-screen';
import { UsersViewTabs } from './_components/users-view-tabs';
import { VendorLinkingView } from './_components/vendor-linking-view';

export const metadata = { title: 'Users' };

const FILTERS = ['active', 'search', 'vendorCode', 'role_id', 'page'] as const;

/**
 * /users: the users the actor administers, filtered by the query string (active, search, vendorCode,
 * role_id, page), rendered from the same domain functions as GET /users, /users/roles and /users/customers;
 * with view=linking, the vendor-linking view instead (spec §2: the screen toggles between the two).
 */
export default async function UsersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireActor();
  if (!can(actor, 'users.read')) notFound();
  const raw = await searchParams;
  const linksVendors = can(actor, 'users.manage');
  if (raw.view === 'linking') {
    if (!linksVendors) notFound();
    return (
      <section>
        <header className="page__header">
          <h1 className="page__title">Users</h1>
        </header>
        <UsersViewTabs view="linking" />
        <VendorLinkingView actor={actor} raw={raw} />
      </section>
    );
  }
  const params: Record<string, string | undefined> = queryParams(raw, FILTERS);
  const parsed = userFilterSchema.safeParse(params);
  const filter = parsed.success ? parsed.data : userFilterSchema.parse({});
  const [page, roles, { customers }] = await Promise.all([listUsers(actor, filter), listRoles(actor), listCustomers(actor)]);
  return (
    <UsersScreen
      me={{
        id: actor.userId,
        resendsAny: Boolean(userAdminReachOf(actor.roleCode)?.resendsAnyInvitation),
        reports: can(actor, 'users.reports'),
      }}
      tabs={linksVendors ? <UsersViewTabs view="list" /> : null}
      params={params}
      page={JSON.parse(JSON.stringify(page))}
      roles={roles}
      customers={customers}
    />
  );
}

import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { Actor } from '@/lib/auth/actor';
import { PageTable } from '@/components/lists/page-table';
import { QueryFilterForm, queryParams } from '@/components/lists/query-filter-form';
import { getAdministeredUser, listLinkableUsers, listUserVendors } from '@/lib/domain/users/queries';
import { linkableUsersQuerySchema, userVendorsQuerySchema } from '@/lib/domain/users/schemas';
import { UserVendors } from '../[id]/vendors/_components/user-vendors';
import { vendorLinkingHref } from './users-view-tabs';
import { roleLabel } from '@/lib/vocabulary';

type Raw = Record<string, string | string[] | undefined>;

/**
 * The vendor-linking view of /users (spec §2 user-vendor screen): with `user` in the address, that
 * user's linked or unlinked vendors; without, the active supplier users the actor may link, to choose one.
 */
export async function VendorLinkingView({ actor, raw }: { actor: Actor; raw: Raw }) {
  const params = queryParams(raw, ['user', 'which', 'code', 'name', 'page', 'search']);
  const userId = Number(params.user);
  if (!params.user) return <LinkableUsers actor={actor} params={params} />;
  const user = Number.isInteger(userId) && userId > 0 ? await getAdministeredUser(actor, userId) : null;
  if (!user) notFound();
  const which = params.which === 'linked' ? 'linked' : 'unlinked';
  const query = { page: params.page, code: params.code, name: params.name };
  const parsed = userVendorsQuerySchema.safeParse(query);
  const page = await listUserVendors(actor, userId, which, parsed.success ? parsed.data : { page: 1 });
  return (
    <UserVendors user={{ id: user.id, name: user.name, active: !user.deleted_at }} which={which} params={{ ...query, which }} page={page} />
  );
}

async function LinkableUsers({ actor, params }: { actor: Actor; params: Record<string, string | undefined> }) {
  const parsed = linkableUsersQuerySchema.safeParse({ search: params.search, page: params.page });
  const page = await listLinkableUsers(actor, parsed.success ? parsed.data : { page: 1 });
  const listParams = { view: 'linking', search: params.search };
  return (
    <>
      <QueryFilterForm action="/users" label="Supplier user filters" params={params} text={[['search', 'Supplier user']]}>
        <input type="hidden" name="view" value="linking" />
      </QueryFilterForm>
      <PageTable
        caption={`${page.total} supplier users to link vendors to: choose one`}
        headers={['Name', 'E-mail', 'Role', 'Vendors', '']}
        emptyText="No active supplier users match."
        page={page}
        path="/users"
        params={listParams}
        rows={page.data.map((u) => (
          <tr key={u.id}>
            <td>{u.name}</td>
            <td>{u.email}</td>
            <td>{roleLabel(u.role.code)}</td>
            <td>{u.vendors_count}</td>
            <td>
              <Link className="btn btn--sm" href={vendorLinkingHref(u.id)} aria-label={`Link vendors to ${u.name}`}>
                Link vendors
              </Link>
            </td>
          </tr>
        ))}
      />
    </>
  );
}

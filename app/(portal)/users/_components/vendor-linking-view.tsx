import { notFound } from 'next/navigation';
import { asAnswered, firstPage } from '@/components/lists/first-page';
import type { Actor } from '@/lib/auth/actor';
import { getAdministeredUser, listLinkableUsers, listUserVendors } from '@/lib/domain/users/queries';
import { linkableUsersQuerySchema, userVendorsQuerySchema } from '@/lib/domain/users/schemas';
import { UserVendors } from '../[id]/vendors/_components/user-vendors';
import { LinkableUsers } from './linkable-users';
import { LINKABLE_USERS_LIST, userVendorsList } from './user-lists';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The vendor-linking view of /users (spec §2 user-vendor screen): with `user` in the address, that
 * user's linked or unlinked vendors; without, the active supplier users the actor may link, to choose one.
 * Each list's first page is rendered for the address (filters, page, page size, sort) as the browser then asks it.
 */
export async function VendorLinkingView({ actor, searchParams }: { actor: Actor; searchParams: SearchParams }) {
  const raw = await searchParams;
  if (typeof raw.user !== 'string' || !raw.user) {
    const initial = await firstPage(LINKABLE_USERS_LIST, searchParams, linkableUsersQuerySchema, (query) =>
      listLinkableUsers(actor, query),
    );
    return <LinkableUsers initial={initial && asAnswered(initial)} />;
  }
  const userId = Number(raw.user);
  const user = Number.isInteger(userId) && userId > 0 && userId < 2 ** 31 ? await getAdministeredUser(actor, userId) : null;
  if (!user) notFound();
  const which = raw.which === 'linked' ? 'linked' : 'unlinked';
  const spec = userVendorsList(userId, which);
  const initial = await firstPage(spec, searchParams, userVendorsQuerySchema, (query) => listUserVendors(actor, userId, which, query));
  // Keyed by user and list, so another user's or list's view starts afresh (its own ticks and first page).
  return (
    <UserVendors
      key={`${userId}-${which}`}
      user={{ id: user.id, name: user.name, active: !user.deleted_at }}
      which={which}
      initial={initial && asAnswered(initial)}
    />
  );
}

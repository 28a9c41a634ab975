import { notFound } from 'next/navigation';
import { requireActor } from '@/lib/auth/server';
import { can } from '@/lib/auth/permissions';
import { getAdministeredUser, listUserVendors } from '@/lib/domain/users/queries';
import { userVendorsQuerySchema } from '@/lib/domain/users/schemas';
import { UserVendors } from './_components/user-vendors';

export const metadata = { title: 'User vendors' };

/**
 * /users/{id}/vendors: the vendor-linking view for one supplier user (spec §2 user-vendor screen): its
 * linked vendors, or those it could be linked to, filtered by code and name, paged (query string).
 */
export default async function UserVendorsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requireActor();
  if (!can(actor, 'users.manage')) notFound();
  const id = Number((await params).id);
  const user = Number.isInteger(id) && id > 0 ? await getAdministeredUser(actor, id) : null;
  if (!user) notFound();
  const raw = await searchParams;
  const text = (k: string) => (typeof raw[k] === 'string' && raw[k] ? (raw[k] as string) : undefined);
  const which = text('which') === 'linked' ? 'linked' : 'unlinked';
  const query = { page: text('page'), code: text('code'), name: text('name') };
  const parsed = userVendorsQuerySchema.safeParse(query);
  const page = await listUserVendors(actor, id, which, parsed.success ? parsed.data : { page: 1 });
  return (
    <UserVendors user={{ id: user.id, name: user.name, active: !user.deleted_at }} which={which} params={{ ...query, which }} page={page} />
  );
}

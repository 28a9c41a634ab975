import { notFound } from 'next/navigation';
import { loadListState, listQuery } from '@/components/lists/list-spec';
import { requireActor } from '@/lib/auth/server';
import { can } from '@/lib/auth/permissions';
import { listManagedVendors } from '@/lib/domain/vendors/queries';
import { managedVendorFilterSchema } from '@/lib/domain/vendors/schemas';
import { VendorsScreen } from './_components/vendors-screen';
import { VENDORS_LIST } from './_components/vendors-list';

export const metadata = { title: 'Vendors' };

/**
 * /vendors: vendor management (spec §2). The address holds the filters, page, page size and sort
 * (VENDORS_LIST); the first page is rendered here, or left to the browser when the address asks what
 * the API refuses: the screen then says so (spec §8's message with the reason) and keeps the form.
 */
export default async function VendorsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireActor();
  if (!can(actor, 'vendors.manage')) notFound();
  const parsed = managedVendorFilterSchema.safeParse(listQuery(VENDORS_LIST, await loadListState(VENDORS_LIST, searchParams)));
  const initial = parsed.success ? await listManagedVendors(actor, parsed.data) : undefined;
  return <VendorsScreen initial={initial && JSON.parse(JSON.stringify(initial))} />;
}

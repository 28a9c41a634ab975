import { notFound } from 'next/navigation';
import { asAnswered, firstPage } from '@/components/lists/first-page';
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
  const initial = await firstPage(VENDORS_LIST, searchParams, managedVendorFilterSchema, (query) => listManagedVendors(actor, query));
  return <VendorsScreen initial={initial && asAnswered(initial)} />;
}

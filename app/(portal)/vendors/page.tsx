import { notFound } from 'next/navigation';
import { requireActor } from '@/lib/auth/server';
import { queryParams } from '@/components/lists/query-filter-form';
import { can } from '@/lib/auth/permissions';
import { listManagedVendors } from '@/lib/domain/vendors/queries';
import { managedVendorFilterSchema } from '@/lib/domain/vendors/schemas';
import { VendorsScreen } from './_components/vendors-screen';

export const metadata = { title: 'Vendors' };

const FILTERS = ['code', 'name', 'certificate', 'page'] as const;

/** /vendors: vendor management (spec §2), the list of GET /vendors/user with its filters in the query string. */
export default async function VendorsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireActor();
  if (!can(actor, 'vendors.manage')) notFound();
  const raw = await searchParams;
  const params: Record<string, string | undefined> = queryParams(raw, FILTERS);
  const parsed = managedVendorFilterSchema.safeParse(params);
  const { vendors } = await listManagedVendors(actor, parsed.success ? parsed.data : { page: 1 });
  return <VendorsScreen params={params} page={vendors} />;
}

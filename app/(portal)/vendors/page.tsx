import { notFound } from 'next/navigation';
import { requireActor } from '@/lib/auth/server';
import { queryParams } from '@/components/lists/query-filter-form';
import { can } from '@/lib/auth/permissions';
import { listManagedVendors } from '@/lib/domain/vendors/queries';
import { managedVendorFilterSchema } from '@/lib/domain/vendors/schemas';
import { VendorsScreen } from './_components/vendors-screen';

export const metadata = { title: 'Vendors' };

const FILTERS = ['code', 'name', 'certificate', 'page'] as const;

/**
 * /vendors: vendor management (spec §2), the list of GET /vendors/user with its filters in the query string.
 * A list that fails to load reaches the portal's error page; a refused filter keeps the form to correct it.
 */
export default async function VendorsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireActor();
  if (!can(actor, 'vendors.manage')) notFound();
  const raw = await searchParams;
  const params: Record<string, string | undefined> = queryParams(raw, FILTERS);
  const parsed = managedVendorFilterSchema.safeParse(params);
  // A filter the server refuses is said, not replaced by the first page of everything (spec §8's message).
  if (!parsed.success) return <VendorsScreen params={params} page={null} problem={parsed.error.issues[0]?.message} />;
  const { vendors } = await listManagedVendors(actor, parsed.data);
  return <VendorsScreen params={params} page={vendors} />;
}

import { notFound } from 'next/navigation';
import { CatalogueScreen } from '@/components/catalogue/catalogue-screen';
import { CATALOGUE_DEFAULT_QUERY, CATALOGUE_LISTS } from '@/components/catalogue/catalogue-list';
import { firstPage } from '@/components/lists/first-page';
import { can } from '@/lib/auth/permissions';
import { requireActor } from '@/lib/auth/server';
import { catalogueFilterSchema } from '@/lib/domain/items/schemas';
import { listPricings } from '@/lib/domain/pricing/queries';

export const metadata = { title: 'Pricing' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Pricing (spec §2): prices of active items unless the address names another item state. The address holds the filters, page, page size and
 * sort; the first page is rendered here for it, or left to the browser when the address asks what the
 * API refuses (it then shows the refusal).
 */
export default async function PricingPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireActor();
  if (!can(actor, 'pricing.read')) notFound();
  const initial = await firstPage(
    CATALOGUE_LISTS.pricing,
    searchParams,
    catalogueFilterSchema,
    (query) => listPricings(actor.scope, query),
    CATALOGUE_DEFAULT_QUERY.pricing,
  );
  return <CatalogueScreen kind="pricing" initial={initial} canUpload={can(actor, 'pricing.maintain')} />;
}

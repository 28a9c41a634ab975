import { notFound } from 'next/navigation';
import { CatalogueScreen } from '@/components/catalogue/catalogue-screen';
import { can } from '@/lib/auth/permissions';
import { requireActor } from '@/lib/auth/server';
import { catalogueFilterSchema } from '@/lib/domain/items/schemas';
import { listPricings } from '@/lib/domain/pricing/queries';

export const metadata = { title: 'Pricing' };

/** Pricing (spec §2): the first page (active items, every status) from the domain, the rest through GET /pricing/item. */
export default async function PricingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireActor();
  if (!can(actor, 'pricing.read')) notFound();
  const { page } = await searchParams;
  const filter = catalogueFilterSchema.safeParse({ active: 'active', page: typeof page === 'string' ? page : undefined });
  const { pricings } = await listPricings(actor.scope, filter.success ? filter.data : catalogueFilterSchema.parse({ active: 'active' }));
  return <CatalogueScreen kind="pricing" initialPage={pricings} canUpload={can(actor, 'pricing.maintain')} />;
}

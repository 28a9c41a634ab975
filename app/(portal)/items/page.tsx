import { notFound } from 'next/navigation';
import { CatalogueScreen } from '@/components/catalogue/catalogue-screen';
import { can } from '@/lib/auth/permissions';
import { requireActor } from '@/lib/auth/server';
import { listItems } from '@/lib/domain/items/queries';
import { catalogueFilterSchema } from '@/lib/domain/items/schemas';

export const metadata = { title: 'Items' };

/** Item management (spec §2): the first page from the domain, the rest through GET /items. */
export default async function ItemsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireActor();
  if (!can(actor, 'items.read')) notFound();
  const { page } = await searchParams;
  const filter = catalogueFilterSchema.safeParse({ page: typeof page === 'string' ? page : undefined });
  const { items } = await listItems(actor.scope, filter.success ? filter.data : catalogueFilterSchema.parse({}));
  return <CatalogueScreen kind="items" initialPage={items} canUpload={can(actor, 'items.maintain')} />;
}

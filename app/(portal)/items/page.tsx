import { notFound } from 'next/navigation';
import { CatalogueScreen } from '@/components/catalogue/catalogue-screen';
import { CATALOGUE_DEFAULT_QUERY, CATALOGUE_LISTS } from '@/components/catalogue/catalogue-list';
import { firstPage } from '@/components/lists/first-page';
import { can } from '@/lib/auth/permissions';
import { requireActor } from '@/lib/auth/server';
import { catalogueFilterSchema } from '@/lib/domain/items/schemas';
import { listItems } from '@/lib/domain/items/queries';

export const metadata = { title: 'Items' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Item management (spec §2): the items of the actor's vendors. The address holds the filters, page, page size and
 * sort; the first page is rendered here for it, or left to the browser when the address asks what the
 * API refuses (it then shows the refusal).
 */
export default async function ItemsPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireActor();
  if (!can(actor, 'items.read')) notFound();
  const initial = await firstPage(
    CATALOGUE_LISTS.items,
    searchParams,
    catalogueFilterSchema,
    (query) => listItems(actor.scope, query),
    CATALOGUE_DEFAULT_QUERY.items,
  );
  return <CatalogueScreen kind="items" initial={initial} canUpload={can(actor, 'items.maintain')} />;
}

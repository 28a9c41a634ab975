import { notFound } from 'next/navigation';
import { firstPage } from '@/components/lists/first-page';
import { can } from '@/lib/auth/permissions';
import type { Scope } from '@/lib/auth/scope';
import { requireActor } from '@/lib/auth/server';
import { maintainAction } from '@/lib/domain/catalogue/start-upload';
import type { CatalogueKind } from '@/lib/domain/catalogue/upload-templates';
import { listItems } from '@/lib/domain/items/queries';
import { catalogueFilterSchema, type CatalogueFilter } from '@/lib/domain/items/schemas';
import { listPricings } from '@/lib/domain/pricing/queries';
import { CATALOGUE_DEFAULT_QUERY, CATALOGUE_LISTS } from './catalogue-list';
import { CatalogueScreen } from './catalogue-screen';
import type { CatalogueAnswer } from './catalogue-types';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const READ = { items: 'items.read', pricing: 'pricing.read' } as const;
const LIST: Record<CatalogueKind, (scope: Scope, query: CatalogueFilter) => Promise<CatalogueAnswer>> = {
  items: listItems,
  pricing: listPricings,
};

/**
 * Item or pricing management (spec §2): the items or prices of the actor's vendors, for /items and
 * /pricing. The address holds the filters, page, page size and sort; the first page is rendered here for
 * it, or left to the browser when the address asks what the API refuses (it then shows the refusal).
 */
export async function CataloguePage({ kind, searchParams }: { kind: CatalogueKind; searchParams: SearchParams }) {
  const actor = await requireActor();
  if (!can(actor, READ[kind])) notFound();
  const initial = await firstPage(
    CATALOGUE_LISTS[kind],
    searchParams,
    catalogueFilterSchema,
    (query) => LIST[kind](actor.scope, query),
    CATALOGUE_DEFAULT_QUERY[kind],
  );
  return <CatalogueScreen kind={kind} initial={initial} canUpload={can(actor, maintainAction(kind))} />;
}

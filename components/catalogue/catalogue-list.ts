import type { FilterField } from '@/components/lists/filter-panel';
import { defineList, textFilters } from '@/components/lists/list-spec';
import { CATALOGUE_PAGE_SIZE, CATALOGUE_SORT_KEYS } from '@/lib/domain/items/schemas';
import { pagerOf } from '@/lib/domain/paging';
import { changeStatusLabel } from '@/lib/vocabulary';
import { CATALOGUE_PATHS, type CatalogueKind, type ItemsAnswer, type PricingsAnswer } from './catalogue-types';

const filters = textFilters('search', 'searchCode', 'status', 'active');
export type CatalogueFilterName = keyof typeof filters;

/** The item and pricing lists (spec §7): the same filters and sorts, 10 rows a page (spec §9). */
export const CATALOGUE_LISTS = {
  items: defineList({
    endpoint: CATALOGUE_PATHS.items.list,
    filters,
    sortKeys: CATALOGUE_SORT_KEYS,
    defaultPageSize: CATALOGUE_PAGE_SIZE,
    read: (answer: ItemsAnswer) => ({ rows: answer.items.data, pager: pagerOf(answer.items) }),
  }),
  pricing: defineList({
    endpoint: CATALOGUE_PATHS.pricing.list,
    filters,
    sortKeys: CATALOGUE_SORT_KEYS,
    defaultPageSize: CATALOGUE_PAGE_SIZE,
    read: (answer: PricingsAnswer) => ({ rows: answer.pricings.data, pager: pagerOf(answer.pricings) }),
  }),
};

/**
 * What a list asks when the address names no item state: every item, but only active items' prices
 * (spec §9: the pricing reset sets the item state to 'active'). An address that names one wins.
 */
export const CATALOGUE_DEFAULT_QUERY: Record<CatalogueKind, { active?: string }> = { items: {}, pricing: { active: 'active' } };

const STATES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** Pricing's empty choice reads 'Active': what it asks when the address names no item state (FilterPanel's emptyLabel). */
const PRICING_STATE: FilterField<CatalogueFilterName> & { emptyLabel?: string } = {
  name: 'active',
  label: 'Item state',
  kind: 'select',
  emptyLabel: 'Active',
  options: [{ value: 'all', label: 'All' }, STATES[1]],
};

/** The filters of each list; a select's empty choice is what the list asks when the address names none. */
export function catalogueFilters(kind: CatalogueKind): FilterField<CatalogueFilterName>[] {
  return [
    { name: 'search', label: 'Item code, description or barcode', kind: 'text' },
    { name: 'searchCode', label: 'Vendor', kind: 'text' },
    {
      name: 'status',
      label: 'Status',
      kind: 'select',
      options: ['pending', 'approved'].map((value) => ({ value, label: changeStatusLabel(value) })),
    },
    kind === 'items' ? { name: 'active', label: 'Item state', kind: 'select', options: STATES } : PRICING_STATE,
  ];
}

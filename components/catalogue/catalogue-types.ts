import type { ResultPager } from '@/components/lists/pagination';
import type { FilterField, FilterValues } from '@/components/lists/filter-panel';
import { changeStatusLabel } from '@/lib/vocabulary';

/** The two catalogue screens share one frame; each says where its API is and what its rows hold. */
export type CatalogueKind = 'items' | 'pricing';

export type LaravelPage<T> = { data: T[]; per_page: number; current_page: number; last_page: number; total: number };

export type ItemRow = {
  id: number;
  vendorCode: string;
  vendorName: string;
  catalogueCode: string;
  descr: string;
  barcode: string | null;
  unitOfMeasure: string;
  packSize: number;
  active: boolean;
  status: string;
};

export type PricingRow = {
  id: number;
  itemId: number;
  vendorCode: string;
  catalogueCode: string;
  descr: string;
  subsidiaryCode: string | null;
  costPrice: string;
  retailPrice: string | null;
  effectiveFrom: string;
  effectiveTo: string | null;
  active: boolean;
  status: string;
};

export type CatalogueFilterName = 'search' | 'searchCode' | 'status' | 'active';

export const CATALOGUE_FILTERS: readonly FilterField<CatalogueFilterName>[] = [
  { name: 'search', label: 'Item code, description or barcode', kind: 'text' },
  { name: 'searchCode', label: 'Vendor', kind: 'text' },
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    options: [
      { value: 'all', label: 'All' },
      { value: 'pending', label: changeStatusLabel('pending') },
      { value: 'approved', label: changeStatusLabel('approved') },
    ],
  },
  {
    name: 'active',
    label: 'Item state',
    kind: 'select',
    options: [
      { value: 'all', label: 'All' },
      { value: 'active', label: 'Active' },
      { value: 'inactive', label: 'Inactive' },
    ],
  },
];

/** Spec §9: lists start with 10 rows; the pricing reset sets the item state to 'active' and status 'all'. */
export const CATALOGUE_DEFAULTS: Record<CatalogueKind, FilterValues<CatalogueFilterName>> = {
  items: { status: 'all', active: 'all' },
  pricing: { status: 'all', active: 'active' },
};

export const CATALOGUE_PAGE_SIZE = 10;

/** The list's endpoints (spec §7): pricing's list lives at /pricing/item, its actions under /pricings. */
export const CATALOGUE_PATHS = {
  items: { list: '/items', actions: '/items', exportField: 'items' },
  pricing: { list: '/pricing/item', actions: '/pricings', exportField: 'pricings' },
} as const;

export const pagerOf = (page: LaravelPage<unknown>): ResultPager => ({
  results: page.per_page,
  resultPage: page.current_page,
  totalPages: page.last_page,
  totalResults: page.total,
});

/** The two catalogue screens share one frame; each says where its API is and what its rows hold. */
export type CatalogueKind = 'items' | 'pricing';

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
  subsidiaryName: string | null;
  costPrice: string;
  retailPrice: string | null;
  effectiveFrom: string;
  effectiveTo: string | null;
  active: boolean;
  status: string;
};

/** The list's endpoints (spec §7): pricing's list lives at /pricing/item, its actions under /pricings. */
export const CATALOGUE_PATHS = {
  items: { list: '/items', actions: '/items', exportField: 'items' },
  pricing: { list: '/pricing/item', actions: '/pricings', exportField: 'pricings' },
} as const;

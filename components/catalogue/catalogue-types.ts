import type { ItemsAnswer } from '@/lib/domain/items/queries';
import type { PricingsAnswer } from '@/lib/domain/pricing/queries';

/** The two catalogue screens share one frame; each says where its API is and what its rows hold. */
export type CatalogueKind = 'items' | 'pricing';

/** The answers of GET /items and GET /pricing/item, as their domain functions type them (no hand copies). */
export type { ItemsAnswer, PricingsAnswer };
export type CatalogueAnswer = ItemsAnswer | PricingsAnswer;

/** An item as GET /items lists it. */
export type ItemRow = ItemsAnswer['items']['data'][number];

/** A price as GET /pricing/item lists it, with its item and vendor. */
export type PricingRow = PricingsAnswer['pricings']['data'][number];

/** The list's endpoints (spec §7): pricing's list lives at /pricing/item, its actions under /pricings. */
export const CATALOGUE_PATHS = {
  items: { list: '/items', actions: '/items', exportField: 'items' },
  pricing: { list: '/pricing/item', actions: '/pricings', exportField: 'pricings' },
} as const;

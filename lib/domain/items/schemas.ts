import { z } from 'zod';
import { pageParam, pageSizeParam } from '../paging';
import { sortParams } from '../sorting';

/** Spec §9: item, pricing and change lists show 10 rows unless asked otherwise. */
export const CATALOGUE_PAGE_SIZE = 10;

const STATUSES = ['all', 'approved', 'pending'] as const;
/** The columns the item and pricing lists sort by over every page (lib/domain/sorting.ts). */
export const CATALOGUE_SORT_KEYS = ['catalogueCode', 'descr', 'vendorCode'] as const;
export type CatalogueSortKey = (typeof CATALOGUE_SORT_KEYS)[number];
const ITEM_STATES = ['all', 'active', 'inactive'] as const;
const ACTIVE_WORDS: Record<string, (typeof ITEM_STATES)[number]> = { true: 'active', '1': 'active', false: 'inactive', '0': 'inactive' };

/**
 * Spec §3 item/pricing filter: search (code, description or barcode), searchCode (vendor code or
 * name), pageLimit, status ('pending': a change awaits approval; 'approved': none does), the
 * optional item state `active` (active, inactive, all; true/false are read as active/inactive).
 */
export const catalogueFilterSchema = z.object({
  search: z.string().trim().max(100, 'search is too long.').optional(),
  searchCode: z.string().trim().max(100, 'searchCode is too long.').optional(),
  pageLimit: pageSizeParam('pageLimit', CATALOGUE_PAGE_SIZE, 250),
  status: z.enum(STATUSES, { message: `status must be one of ${STATUSES.join(', ')}.` }).default('all'),
  active: z
    .string()
    .trim()
    .toLowerCase()
    .transform((v) => ACTIVE_WORDS[v] ?? v)
    .pipe(z.enum(ITEM_STATES, { message: `active must be one of ${ITEM_STATES.join(', ')}.` }))
    .default('all'),
  page: pageParam(),
  ...sortParams(CATALOGUE_SORT_KEYS),
});
export type CatalogueFilter = z.infer<typeof catalogueFilterSchema>;

/** The most rows one export may name: a page is at most 100, so this leaves room for several pages' ticks. */
export const MAX_EXPORT_IDS = 5000;

export const idListSchema = (field: string) =>
  z
    .array(z.coerce.number().int().positive().max(2_147_483_647, 'No such row.'), { message: `${field} must be a list of ids.` })
    .min(1, `Select at least one row to export.`)
    .max(MAX_EXPORT_IDS, `At most ${MAX_EXPORT_IDS} rows can be exported at once.`);

export const itemsExportSchema = z.object({ items: idListSchema('items') });

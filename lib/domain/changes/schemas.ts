import { z } from 'zod';
import { CHANGE_STATUSES } from '../../../db/schema';
import { intText, isoDate } from '../query-text';
import { pageParam, pageSizeParam } from '../paging';
import { sortParams } from '../sorting';

/** Change-management inputs (spec §3 item/pricing filter, §7 change calls), shared by the handlers and the screens. */

/** Spec §9: change lists default to 10 rows; the screen's reset sets 25. */
export const CHANGES_PAGE_SIZE = 10;
export const CHANGES_RESET_PAGE_SIZE = 25;
export const CHANGE_KINDS = ['item', 'pricing'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const STATUS_FILTERS = ['all', ...CHANGE_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
/** The columns a change list sorts by over every page; without one, pending first and newest first. */
export const CHANGE_SORT_KEYS = ['vendor', 'createdAt'] as const;
export type ChangeSortKey = (typeof CHANGE_SORT_KEYS)[number];

/** Spec §5: a rejection (single or bulk) needs comments. */
export const COMMENTS_REQUIRED = 'Please enter comments';
/** A bulk call carries at most this many ids (a page of the list holds at most 250; the background approval takes more). */
export const MAX_BULK_IDS = 20_000;

export const changeListFilterSchema = z.object({
  search: z.string().trim().max(100, 'search may be at most 100 characters.').optional(),
  status: z.enum(STATUS_FILTERS, { message: `status must be one of: ${STATUS_FILTERS.join(', ')}.` }).default('all'),
  pageLimit: pageSizeParam('pageLimit', CHANGES_PAGE_SIZE, 250),
  page: pageParam(),
  ...sortParams(CHANGE_SORT_KEYS),
});
export type ChangeListFilter = z.infer<typeof changeListFilterSchema>;

const changeId = (name: string) => intText(name);
const reason = z.string({ message: COMMENTS_REQUIRED }).trim().max(1000, 'The comments may be at most 1000 characters.');
const requiredReason = reason.min(1, COMMENTS_REQUIRED);

/** Bulk selections send only ids (spec §3): a JSON array, or the comma-joined text some clients send. */
const changeIds = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
  z
    .array(changeId('changeIDs'), { message: 'changeIDs must be a list of change ids.' })
    .min(1, 'Select at least one change.')
    .max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} changes at once.`)
    .transform((ids) => [...new Set(ids)]),
);

export const approveBodySchema = z.object({ changeID: changeId('changeID') });
export const rejectBodySchema = z.object({ changeID: changeId('changeID'), reason: requiredReason });
export const bulkApproveBodySchema = z.object({ changeIDs: changeIds, reason: reason.optional() });
export const bulkRejectBodySchema = z.object({ changeIDs: changeIds, reason: requiredReason });

/** POST /changes/export: an empty body exports every change in scope; the screen may narrow it to its filter. */
export const exportBodySchema = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(STATUS_FILTERS).default('all'),
});

/*
 * The proposed values a change carries (`changeable`), as the seed and the catalogue uploads write them.
 * Checked again when a change is applied, so a malformed row is refused rather than half-written.
 */
const money = (name: string) =>
  z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, `${name} must be an amount.`));

export const itemChangeableSchema = z.object({
  catalogueCode: z.string().trim().min(1).max(50),
  descr: z.string().trim().min(1).max(500).optional(),
  barcode: z.string().trim().max(50).nullable().optional(),
  unitOfMeasure: z.string().trim().min(1).max(20).optional(),
  packSize: z.coerce.number().int().min(1).max(100_000).optional(),
  active: z.boolean().optional(),
});
export type ItemChangeable = z.infer<typeof itemChangeableSchema>;

export const pricingChangeableSchema = z.object({
  catalogueCode: z.string().trim().min(1).max(50),
  costPrice: money('costPrice'),
  previousCostPrice: money('previousCostPrice').optional(),
  retailPrice: money('retailPrice').optional(),
  effectiveFrom: isoDate('effectiveFrom').optional(),
  subsidiaryCode: z.string().trim().min(1).max(50).optional(),
});
export type PricingChangeable = z.infer<typeof pricingChangeableSchema>;

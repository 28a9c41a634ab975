import { z } from 'zod';
import type { DocumentKind } from '../../vocabulary';
import { pageParam, pageSizeParam } from '../paging';
import { intText, isoDate } from '../query-text';
import { sortParams } from '../sorting';

/** History inputs (spec §3 history filter, §5 'Please select subsidiary'), shared by the handlers, the screen and the report job. */

export const HISTORY_PAGE_SIZE = 50;
export const HISTORY_PAGE_SIZE_MAX = 500;
export const SELECT_SUBSIDIARY = 'Please select subsidiary';
export const MAX_VENDOR_CODES = 50;

/** Document statuses a history search can ask for (spec §4 workflow statuses). */
export const HISTORY_STATUSES = ['received', 'responded', 'confirmed', 'rejected', 'mixed', 'outstanding'] as const;

/**
 * The document types a history search can ask for: the stored types, with credit notes (invoices of
 * sub-type creditnote) apart from invoices, as the counters count them (migration 0023).
 */
export const HISTORY_TYPES = ['order', 'invoice', 'creditnote', 'deliverynote', 'remittance', 'dispute', 'aux.grv'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

/** A history type as the document kind the labels read (lib/domain/documents/labels.ts). */
export const historyTypeKind = (type: HistoryType): DocumentKind =>
  type === 'creditnote' ? { xdocTypeCode: 'invoice', xdocSubTypeCode: 'creditnote' } : { xdocTypeCode: type };

/** Columns the history table sorts by, by their API names. */
export const HISTORY_SORT_KEYS = ['docno', 'docDate', 'deliveryDate', 'xdocTypeCode', 'wfStatusCode', 'xdocTotalIncl'] as const;
export type HistorySortKey = (typeof HISTORY_SORT_KEYS)[number];

/** The history filter's parameters by their API names (spec §3 history filter). */
export const HISTORY_FILTER_NAMES = [
  'xdocTypeCode',
  'wfStatusCode',
  'store',
  'subsidiary',
  'vendorCode',
  'region',
  'division',
  'custaccountTinyMce',
  'fromDate',
  'toDate',
] as const;

const text = (name: string, max: number) => z.string().trim().max(max, `${name} may be at most ${max} characters.`);

/** `V0001` or `V0001,V0002`: the selected-vendor list as the screen sends it. */
const vendorCodes = text('vendorCode', 1000)
  .transform((v) => [
    ...new Set(
      v
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    ),
  ])
  .refine((codes) => codes.length <= MAX_VENDOR_CODES, `At most ${MAX_VENDOR_CODES} vendor codes can be searched at once.`)
  .refine((codes) => codes.every((c) => /^[A-Z0-9._-]{1,30}$/.test(c)), 'vendorCode holds a code that is not a vendor code.');

const filterFields = z.object({
  xdocTypeCode: z.enum(HISTORY_TYPES, { message: `xdocTypeCode must be one of: ${HISTORY_TYPES.join(', ')}.` }).optional(),
  wfStatusCode: z.enum(HISTORY_STATUSES, { message: `wfStatusCode must be one of: ${HISTORY_STATUSES.join(', ')}.` }).optional(),
  store: intText('store').optional(),
  subsidiary: intText('subsidiary').optional(),
  vendorCode: vendorCodes.optional(),
  region: intText('region').optional(),
  division: intText('division').optional(),
  custaccountTinyMce: text('custaccountTinyMce', 64).optional(),
  fromDate: isoDate('fromDate').optional(),
  toDate: isoDate('toDate').optional(),
  ...sortParams(HISTORY_SORT_KEYS),
});

type FilterFields = z.infer<typeof filterFields>;

/** Spec §5: a vendor filter needs a chosen subsidiary; a reversed date range is a mistake, not an empty list. */
function historyRules(f: Pick<FilterFields, 'vendorCode' | 'subsidiary' | 'fromDate' | 'toDate'>, ctx: z.RefinementCtx): void {
  if (f.vendorCode?.length && f.subsidiary === undefined)
    ctx.addIssue({ code: 'custom', path: ['subsidiary'], message: SELECT_SUBSIDIARY });
  if (f.fromDate && f.toDate && f.toDate < f.fromDate)
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'The to date is before the from date.' });
}

/** GET /history/createReport: the filters without paging. */
export const historyReportFilterSchema = filterFields.superRefine(historyRules);
export type HistoryReportFilter = z.infer<typeof historyReportFilterSchema>;

/** GET /history/documents: the filters, `results` (page size) and `page`. */
export const historyFilterSchema = filterFields
  .extend({ results: pageSizeParam('results', HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE_MAX), page: pageParam() })
  .superRefine(historyRules);
export type HistoryFilter = z.infer<typeof historyFilterSchema>;

/** GET /history/updateSubsidiary?id= (an empty id clears the choice: "All") */
export const updateSubsidiaryQuerySchema = z.object({ id: intText('id').optional() });
/** GET /history/addVendor?code= */
export const addVendorQuerySchema = z.object({
  code: text('code', 30).refine((c) => c.length > 0, 'code is required.'),
});

/** GET /xdocs?orderno= */
export const relatedDocumentsQuerySchema = z.object({
  orderno: text('orderno', 50).refine((v) => v.length > 0, 'orderno is required.'),
});

/** GET /history/find?number=: one box for any document number. */
export const findDocumentQuerySchema = z.object({
  number: text('number', 50).refine((v) => v.length > 0, 'Type a document number.'),
});

/** Path keys: a document's tinyMce or id, an order's docno, a file's id. */
export const documentKeyParams = z.object({ id: text('id', 100).refine((v) => v.length > 0, 'id is required.') });
export const docnoParams = z.object({ docno: text('docno', 50).refine((v) => v.length > 0, 'docno is required.') });
export const fileIdParams = z.object({ id: intText('id', { max: Number.MAX_SAFE_INTEGER }) });

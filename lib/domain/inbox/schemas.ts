import { z } from 'zod';
import { intText, isoDate } from '../query-text';
import { sortParams } from '../sorting';

/** Inbox inputs (spec §3 order filter, §5 order response rules), shared by the handlers and the screens. */

const text = (name: string, max = 100) => z.string().trim().max(max, `${name} may be at most ${max} characters.`);

export const INBOX_SUB_TYPES = ['direct', 'semi direct', 'normal', 'jab', 'return'] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

/** The columns every inbox list sorts by (`sort`), by their API names; no `sort` keeps newest first. */
export const INBOX_SORT_KEYS = ['docno', 'docDate', 'deliveryDate', 'xdocTotalIncl'] as const;
export type InboxSortKey = (typeof INBOX_SORT_KEYS)[number];

/**
 * Filters of every inbox list. All optional; empty values never arrive (the handler wrapper drops them).
 * Document dates come as fromDate/toDate or dateFrom/dateTo (the remittance reset sends the latter); both work.
 */
const inboxFilterFields = z.object({
  store: intText('store').optional(),
  vendor: intText('vendor').optional(),
  xdocTypeSubCode: z.enum(INBOX_SUB_TYPES, { message: `xdocTypeSubCode must be one of: ${INBOX_SUB_TYPES.join(', ')}.` }).optional(),
  orderType: text('orderType', 50).optional(),
  // The Invoices tab's work-flow status filter (spec §2).
  wfStatusCode: text('wfStatusCode', 30).optional(),
  docno: text('docno', 50).optional(),
  deliveryDateFrom: isoDate('deliveryDateFrom').optional(),
  deliveryDateTo: isoDate('deliveryDateTo').optional(),
  fromDate: isoDate('fromDate').optional(),
  toDate: isoDate('toDate').optional(),
  dateFrom: isoDate('dateFrom').optional(),
  dateTo: isoDate('dateTo').optional(),
  custaccountTinyMce: text('custaccountTinyMce', 64).optional(),
  region: intText('region').optional(),
  results: intText('results', { max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
  page: intText('page', { max: 1_000_000 }).default(1),
  ...sortParams(INBOX_SORT_KEYS),
});

/** The from/to pairs of the inbox filters, each with what a reversed pair is told (on its "to" field). */
export const DATE_RANGES = [
  { from: 'deliveryDateFrom', to: 'deliveryDateTo', message: 'The delivery to date is before the delivery from date.' },
  { from: 'fromDate', to: 'toDate', message: 'The to date is before the from date.' },
  { from: 'dateFrom', to: 'dateTo', message: 'The to date is before the from date.' },
] as const;

/**
 * A range whose "to" is before its "from" would answer an empty list that looks like "nothing there";
 * it is a mistake in the input, so it is refused on the "to" field. (yyyy-mm-dd compares as text.)
 */
function rangesInOrder(filter: Partial<Record<(typeof DATE_RANGES)[number]['from' | 'to'], string>>, ctx: z.RefinementCtx): void {
  for (const { from, to, message } of DATE_RANGES) {
    const [start, end] = [filter[from], filter[to]];
    if (start !== undefined && end !== undefined && end < start) ctx.addIssue({ code: 'custom', path: [to], message });
  }
}

export const inboxFilterSchema = inboxFilterFields.superRefine(rangesInOrder);
export type InboxFilter = z.infer<typeof inboxFilterSchema>;

/** GET /orders/returned also takes responded=true for the return orders already answered. */
export const returnOrderFilterSchema = inboxFilterFields
  .extend({
    responded: z
      .enum(['true', 'false', '1', '0'], { message: 'responded must be true or false.' })
      .transform((v) => v === 'true' || v === '1')
      .default(false),
  })
  .superRefine(rangesInOrder);
export type ReturnOrderFilter = z.infer<typeof returnOrderFilterSchema>;

/** Spec §5 rejection reasons. 'delivery date' applies to purchase orders, 'collection date' to return orders. */
export const REJECTION_REASONS = ['minimum order value', 'delivery date', 'collection date', 'discontinued/invalid item', 'other'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export function reasonsFor(isReturnOrder: boolean): RejectionReason[] {
  return REJECTION_REASONS.filter((r) => r !== (isReturnOrder ? 'delivery date' : 'collection date'));
}

export const SUPPLIER_REF_MAX = 50;
export const REASON_REQUIRED = 'You need to select a reason';
export const SUPPLIER_REF_REQUIRED = 'You need to enter a supplier reference';

const reasonSchema = z
  .string()
  .trim()
  .transform((v) => v.toLowerCase())
  .refine((v) => v === '' || (REJECTION_REASONS as readonly string[]).includes(v), {
    message: `The reason must be one of: ${REJECTION_REASONS.join(', ')}.`,
  });

const supplierRefSchema = z.string().trim().max(SUPPLIER_REF_MAX, `The supplier reference may be at most ${SUPPLIER_REF_MAX} characters.`);

/** A rejection (of the whole order or of one line) must say why and carry the supplier's reference. */
function requireReasonWhenRejected(answer: { response: string; reason?: string; supplierRef?: string }, ctx: z.RefinementCtx): void {
  if (answer.response !== 'rejected') return;
  if (!answer.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: REASON_REQUIRED });
  if (!answer.supplierRef) ctx.addIssue({ code: 'custom', path: ['supplierRef'], message: SUPPLIER_REF_REQUIRED });
}

const nullableOptional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === null ? undefined : v), schema.optional());

export const headerResponseSchema = z
  .object({
    response: z.enum(['confirmed', 'rejected', 'detailResponse'], {
      message: 'The response must be confirmed, rejected or detailResponse.',
    }),
    reason: nullableOptional(reasonSchema),
    supplierRef: nullableOptional(supplierRefSchema),
  })
  .superRefine(requireReasonWhenRejected);

export const lineResponseSchema = z
  .object({
    lineNumber: z.coerce
      .number({ message: 'lineNumber must be a number.' })
      .int('lineNumber must be a whole number.')
      .positive('lineNumber must be positive.'),
    response: z.enum(['confirmed', 'rejected'], { message: 'A line response must be confirmed or rejected.' }),
    reason: nullableOptional(reasonSchema),
    supplierRef: nullableOptional(supplierRefSchema),
  })
  .superRefine(requireReasonWhenRejected);

export const orderResponseSchema = z.object({
  header: headerResponseSchema,
  detail: nullableOptional(
    z
      .array(lineResponseSchema)
      .max(5000, 'Too many line responses.')
      .superRefine((lines, ctx) => {
        const seen = new Set<number>();
        for (const [i, line] of lines.entries()) {
          if (seen.has(line.lineNumber))
            ctx.addIssue({ code: 'custom', path: [i, 'lineNumber'], message: `Line ${line.lineNumber} is given more than once.` });
          seen.add(line.lineNumber);
        }
      }),
  ),
  tinyMce: nullableOptional(z.string().trim()),
  docno: nullableOptional(z.string().trim()),
});
export type OrderResponse = z.infer<typeof orderResponseSchema>;
export type HeaderResponse = z.infer<typeof headerResponseSchema>;
export type LineResponse = z.infer<typeof lineResponseSchema>;

/** PUT /orders/{tinyMce} */
export const respondToOrderBodySchema = z.object({ orderResponse: orderResponseSchema });

export const MAX_BULK_ORDERS = 500;

/** PUT /orders/bulkResponse: one header answer for many orders, given as tinyMce → docno. */
export const bulkOrderResponseSchema = z.object({
  header: headerResponseSchema.refine((h) => h.response !== 'detailResponse', {
    path: ['response'],
    message: 'Line-level responses are not possible in a bulk response.',
  }),
  bulkResponse: z
    .record(z.string().trim().min(1), z.union([z.string(), z.number()]).transform(String))
    .refine((m) => Object.keys(m).length > 0, 'Select at least one order.')
    .refine((m) => Object.keys(m).length <= MAX_BULK_ORDERS, `At most ${MAX_BULK_ORDERS} orders can be answered at once.`),
});
export type BulkOrderResponse = z.infer<typeof bulkOrderResponseSchema>;

export const bulkRespondBodySchema = z.object({ orderResponse: bulkOrderResponseSchema });

/** PUT /xdocs/{tinyMce}: marking as read is an explicit confirmation. */
export const markAsReadBodySchema = z.object({
  confirm: z.literal(true, { message: 'confirm must be true to mark the document as read.' }),
});

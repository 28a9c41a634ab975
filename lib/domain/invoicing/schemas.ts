import { z } from 'zod';
import { INVOICE_NUMBER_MAX_LENGTH as INVOICE_NUMBER_MAX, TAX_PERCENT_MAX } from '../../format/numbers';
import { DISCREPANCY_REASON_CODES, DISCREPANCY_REASONS } from '../../vocabulary';
import { isoDate } from '../query-text';

/** Invoicing inputs (spec §3 document and line fields, §5 rules), shared by the handlers and the screens. */

/** Spec §9: the invoice date may lie this many days back, up to today. */
export const INVOICE_DATE_WINDOW_DAYS = 45;
export const MAX_LINES = 5000;

export const DELIVERY_NOTE_REQUIRED = 'Please capture a delivery note number or select a delivery note from the dropdown.';
/** A credit note's reference where an invoice's delivery note goes (deliverynoteNumber): a return has no delivery note. */
export const RETURN_NOTE_REQUIRED = 'Please capture the return note number of the returned goods.';
export const CREDIT_NOTE_NUMBER_REQUIRED = 'Please capture a credit note number.';
export const DELIVERY_NOTE_NUMBER_REQUIRED = 'Please capture a delivery note number.';
export const INVOICE_NUMBER_REQUIRED = 'Please capture an invoice number.';
export const BRANCH_REQUIRED = 'Please choose the branch (delivery address) before submitting.';
export const DISCREPANCY_REASON_REQUIRED = 'Please choose the reason for the discrepancy.';
export const DISCREPANCY_REASON_NOT_ALLOWED = 'A discrepancy reason is given only for an order whose goods receipt was counted.';
const REASON_CHOICES = DISCREPANCY_REASON_CODES.map((code) => `${code} (${DISCREPANCY_REASONS[code]})`).join(', ');

export const INVOICE_SUBMITTED = 'Invoice successfully submitted';
export const CREDIT_NOTE_SUBMITTED = 'Credit Note successfully submitted';
export const DELIVERY_NOTE_SUBMITTED = 'Delivery Note successfully submitted';

/** Spec §5: at most two decimals, leading zeros allowed (they are stripped by reading it as a number). */
const TWO_DECIMALS = /^-?\d{1,10}(\.\d{1,2})?$/;

const decimalText = (what: string) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => TWO_DECIMALS.test(v), `The ${what} must be a number with at most two decimals.`);

/** Quantities: a negative quantity becomes 0 (spec §5). Kept as text with two decimals, never as a float. */
const quantity = decimalText('quantity').transform((v) => (v.startsWith('-') ? '0.00' : Number(v).toFixed(2)));

const amount = decimalText('amount').refine((v) => !v.startsWith('-'), 'The amount may not be negative.');

const taxPercent = decimalText('tax percent').refine(
  (v) => Number(v) >= 0 && Number(v) <= TAX_PERCENT_MAX,
  `The tax percent must be between 0 and ${TAX_PERCENT_MAX}.`,
);

const addressCode = z.string().trim().max(50, 'The delivery address code may be at most 50 characters.');

const optionalText = (max: number, name: string) =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.string().trim().max(max, `${name} may be at most ${max} characters.`).optional(),
  );

export const invoiceLineSchema = z.object({
  lineNumber: z.coerce
    .number({ message: 'lineNumber must be a number.' })
    .int('lineNumber must be a whole number.')
    .positive('lineNumber must be positive.'),
  deliveryAddressCode: z.preprocess((v) => (v === '' ? null : v), addressCode.nullish()),
  qty: quantity,
  amount: z.preprocess((v) => (v === '' || v === null ? undefined : v), amount.optional()),
  taxPercent: z.preprocess((v) => (v === '' || v === null ? undefined : v), taxPercent.optional()),
});
export type InvoiceLineInput = z.infer<typeof invoiceLineSchema>;

/** `det` travels as a JSON string inside the multipart form (spec §7). */
const detSchema = z
  .string({ message: 'det must be the lines as a JSON string.' })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'det must be the lines as a JSON string.' });
      return z.NEVER;
    }
  })
  .pipe(z.array(invoiceLineSchema, { message: 'det must be a list of lines.' }).max(MAX_LINES, 'Too many lines.'));

const toFollowSchema = z
  .enum(['0', '1', 'true', 'false'], { message: 'toFollow must be 0 or 1.' })
  .transform((v) => (v === '1' || v === 'true' ? 1 : 0))
  .default(0);

/** The order the document is raised against, as the multipart form names it. */
const orderFields = {
  tinyMce: z.string({ message: 'tinyMce (the order) is required.' }).trim().min(1, 'tinyMce (the order) is required.').max(100),
  docno: optionalText(100, 'docno'),
  deliveryAddressCode: z.preprocess((v) => (v === '' || v === null ? undefined : v), addressCode.optional()),
  det: detSchema,
};

/** POST /invoices (invoice, or credit note against a return order): the form's text fields. */
export const submitInvoiceSchema = z.object({
  ...orderFields,
  invoiceNumber: z
    .string({ message: INVOICE_NUMBER_REQUIRED })
    .trim()
    .min(1, INVOICE_NUMBER_REQUIRED)
    .max(INVOICE_NUMBER_MAX, `The invoice number may be at most ${INVOICE_NUMBER_MAX} characters.`)
    .refine((v) => v === v.toUpperCase(), 'The invoice number must be in capital letters.')
    .refine((v) => /^[A-Z0-9][A-Z0-9/_.-]*$/.test(v), 'The invoice number may hold only letters, digits and / _ . -'),
  xdocInvoicedate: isoDate('xdocInvoicedate'),
  deliverynoteNumber: optionalText(50, 'The delivery note number'),
  selectDeliverynoteNumber: optionalText(50, 'The selected delivery note number'),
  toFollow: toFollowSchema,
  /** Spec §3 discrepancy reason, required for (and only for) an order its goods receipt counted (docs/api.md). */
  reasonCode: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(DISCREPANCY_REASON_CODES, { message: `The discrepancy reason must be one of ${REASON_CHOICES}.` }).optional(),
  ),
});
export type SubmitInvoice = z.infer<typeof submitInvoiceSchema>;

/** POST /deliverynotes: the form's text fields. */
export const submitDeliveryNoteSchema = z.object({
  ...orderFields,
  deliverynoteNumber: z
    .string({ message: DELIVERY_NOTE_NUMBER_REQUIRED })
    .trim()
    .min(1, DELIVERY_NOTE_NUMBER_REQUIRED)
    .max(50, 'The delivery note number may be at most 50 characters.'),
  xdocDeliverynoteDate: z.preprocess((v) => (v === '' ? undefined : v), isoDate('xdocDeliverynoteDate').optional()),
  toFollow: toFollowSchema,
});
export type SubmitDeliveryNote = z.infer<typeof submitDeliveryNoteSchema>;

const tinyMceParam = z.string().trim().min(1, 'tinymce is required.').max(100);

/** GET /alldeliverynotes, GET /invoices: the order by its tinyMce, optionally checked against its number. */
export const orderLookupSchema = z.object({ tinymce: tinyMceParam, orderno: z.string().trim().max(100).optional() });
/** GET /deliverynotes (a delivery note's tinyMce), GET /delivered (an order's tinyMce). */
export const tinyMceLookupSchema = z.object({ tinymce: tinyMceParam });

export const documentKeyParams = z.object({ id: z.string().trim().min(1).max(100) });

/** What an invoice or delivery note may attach: a PDF or an image, checked by content (lib/http/body.ts). */
export const ATTACHMENT_KINDS = ['pdf', 'png', 'jpeg'] as const;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

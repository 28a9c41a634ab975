import { z } from 'zod';
import { ORDER_TYPES } from '../../../db/schema';

/** What a retailer's system may send (docs/api.md): `return` is a return order, stored as an order of sub type return. */
export const INGESTED_TYPES = ['order', 'return', 'aux.grv', 'remittance', 'dispute', 'deliverynote'] as const;
export type IngestedType = (typeof INGESTED_TYPES)[number];

const ORDER_SUB_TYPES = ['normal', 'direct', 'semi direct', 'jab'] as const;

/** Quantities above this are a mistake in the sending system, not an order. */
export const MAX_QTY = 1_000_000;
export const MAX_AMOUNT = 100_000_000;
export const MAX_LINES = 2_000;

/**
 * An exact decimal with at most two places, as a JSON number or string, kept as a normalised string
 * ("12.5" → "12.50") so the money is never a float and the content hash does not depend on its spelling.
 */
const decimal = (label: string, max: number) =>
  z.union([z.number(), z.string().trim()], { message: `${label} must be a number.` }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value;
    if (!/^-?\d+(\.\d+)?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a number.` });
      return z.NEVER;
    }
    if (!/^-?\d+(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: `${label} may have at most two decimals.` });
      return z.NEVER;
    }
    const number = Number(text);
    if (number < 0) {
      ctx.addIssue({ code: 'custom', message: `${label} may not be negative.` });
      return z.NEVER;
    }
    if (number > max) {
      ctx.addIssue({ code: 'custom', message: `${label} may be at most ${max.toLocaleString('en-US')}.` });
      return z.NEVER;
    }
    return number.toFixed(2);
  });

const isoDate = (label: string) =>
  z
    .string({ message: `${label} must be a date (YYYY-MM-DD).` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD).`)
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) && text >= '2000-01-01' && text <= '2100-12-31';
    }, `${label} must be a real date between 2000 and 2100.`);

const code = (label: string, max = 50) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();

export const ingestedLineSchema = z.strictObject({
  lineNumber: z
    .number({ message: 'The line number must be a whole number.' })
    .int('The line number must be a whole number.')
    .min(1)
    .max(99_999),
  catalogueCode: code('The catalogue code'),
  descr: optionalText(500),
  qty: decimal('The quantity', MAX_QTY),
  amount: decimal('The amount', MAX_AMOUNT),
  taxPercent: decimal('The tax percent', 100),
  /** A multi-branch (jab) order's line per branch: the branch store's address code; else the document's store. */
  deliveryAddressCode: optionalText(50),
});

/** POST /api/v1/documents and each line of POST /api/v1/documents/bulk. */
export const ingestedDocumentSchema = z
  .strictObject({
    type: z.enum(INGESTED_TYPES, { message: `The type must be one of ${INGESTED_TYPES.join(', ')}.` }),
    docno: code('The document number'),
    orderno: optionalText(50),
    subTypeCode: z.enum(ORDER_SUB_TYPES).optional(),
    orderType: z.enum(ORDER_TYPES).optional(),
    vendorCode: code('The vendor code'),
    storeCode: code('The store code'),
    docDate: isoDate('The document date'),
    deliveryDate: isoDate('The delivery date').optional(),
    deliveryMethod: optionalText(100),
    deliveryInstructions: optionalText(2000),
    descr: optionalText(500),
    /** Dispute Q/U/O, goods-received discrepancy A/B/C (spec §3). */
    reasonCode: z.enum(['Q', 'U', 'O', 'A', 'B', 'C']).optional(),
    lines: z.array(ingestedLineSchema).min(1, 'A document needs at least one line.').max(MAX_LINES),
  })
  .superRefine((doc, ctx) => {
    const seen = new Set<string>();
    doc.lines.forEach((line, i) => {
      const key = `${line.lineNumber}:${line.deliveryAddressCode ?? ''}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'lineNumber'], message: `Line number ${line.lineNumber} appears twice.` });
      seen.add(key);
    });
    if (doc.subTypeCode && doc.type !== 'order')
      ctx.addIssue({ code: 'custom', path: ['subTypeCode'], message: 'Only orders have a sub type code.' });
    if (doc.reasonCode && !(doc.type === 'dispute' ? 'QUO' : doc.type === 'aux.grv' ? 'ABC' : '').includes(doc.reasonCode))
      ctx.addIssue({
        code: 'custom',
        path: ['reasonCode'],
        message: 'Reason codes are Q, U or O for disputes and A, B or C for goods received.',
      });
  });
export type IngestedDocument = z.infer<typeof ingestedDocumentSchema>;

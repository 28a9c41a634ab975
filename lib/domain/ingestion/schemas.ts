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
  z
    .union([z.number(), z.string().trim()], { message: `${label} must be a number.` })
    .transform((value, ctx) => {
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
    })
    .meta({ description: `${label}: 0 to ${max.toLocaleString('en-US')}, at most two decimals, as a number or a numeric string.` });

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

export const ingestedLineSchema = z
  .strictObject({
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
  })
  .meta({ id: 'DocumentLine' });

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
  })
  .meta({
    id: 'Document',
    description:
      "One document of the retailer's system. Identity is (subsidiary of the store, type, docno): sending it again is safe. Unknown fields are refused.",
    examples: [
      {
        type: 'order',
        docno: 'PO-100234',
        vendorCode: 'V0001',
        storeCode: 'S001',
        docDate: '2026-06-15',
        deliveryDate: '2026-06-22',
        orderType: 'stock',
        lines: [
          { lineNumber: 1, catalogueCode: '101001', descr: 'Maize meal 10 kg', qty: 3, amount: '33.33', taxPercent: 15 },
          { lineNumber: 2, catalogueCode: '101002', qty: '1.5', amount: 0.07, taxPercent: '15' },
        ],
      },
    ],
  });
export type IngestedDocument = z.infer<typeof ingestedDocumentSchema>;

export const INGEST_STATUSES = ['created', 'updated', 'unchanged'] as const;

/** The answer to POST /api/v1/documents (201 created; 200 unchanged or updated). */
export const ingestResultSchema = z
  .object({
    status: z.enum(INGEST_STATUSES),
    docno: z.string(),
    type: z.enum(INGESTED_TYPES),
    tinyMce: z.string().meta({ description: "The document's key in the portal." }),
    version: z.number().int().min(1).meta({ description: '1 when created; one more with each update.' }),
  })
  .meta({
    id: 'IngestResult',
    examples: [{ status: 'created', docno: 'PO-100234', type: 'order', tinyMce: 'k3J9xQ2m', version: 1 }],
  });
export type IngestResult = z.infer<typeof ingestResultSchema>;
export type IngestStatus = IngestResult['status'];

/** One NDJSON line of POST /api/v1/documents/bulk's answer: the result of the body's line `line`. */
export const bulkResultSchema = z
  .object({
    line: z.number().int().min(1).meta({ description: 'The line of the request body (from 1).' }),
    docno: z.string().nullable().meta({ description: 'Null when the line could not be read far enough to know it.' }),
    status: z.enum([...INGEST_STATUSES, 'invalid', 'conflict', 'failed']).meta({
      description:
        'invalid: bad JSON, a wrong field or an unknown code; conflict: already acted on; failed: our error, send the line again.',
    }),
    error: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional().meta({ description: 'Messages by field (dotted path).' }),
  })
  .meta({
    id: 'BulkLineResult',
    examples: [
      { line: 1, docno: 'PO-100234', status: 'created' },
      {
        line: 2,
        docno: 'PO-100235',
        status: 'invalid',
        error: 'The quantity may not be negative.',
        errors: { 'lines.0.qty': ['The quantity may not be negative.'] },
      },
    ],
  });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/**
 * POST /api/v1/documents with `Content-Type: application/xml`: a UBL 2.1 Order (Peppol BIS Ordering 3.0), read by
 * ubl-order.ts into the document above and taken exactly as that JSON would be (docs/api.md, "UBL Order").
 */
export const ublOrderXmlSchema = z.string().meta({
  id: 'UblOrder',
  description:
    'A UBL 2.1 Order. ID is the docno, IssueDate the docDate, SellerSupplierParty/Party/PartyIdentification/ID the vendor code (or its GLN as EndpointID, scheme 0088), Delivery/DeliveryLocation/ID the store code, Delivery/RequestedDeliveryPeriod/StartDate the delivery date; each OrderLine/LineItem gives ID (line number), Quantity, Price/PriceAmount (per unit), Item/SellersItemIdentification/ID (catalogue code), Item/Name and Item/ClassifiedTaxCategory/Percent. Refusals name the element.',
  examples: [
    `<?xml version="1.0" encoding="UTF-8"?>
<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"
       xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
       xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:fdc:peppol.eu:poacc:trns:order:3</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:poacc:bis:ordering:3</cbc:ProfileID>
  <cbc:ID>PO-100236</cbc:ID>
  <cbc:IssueDate>2026-06-15</cbc:IssueDate>
  <cbc:DocumentCurrencyCode>ZAR</cbc:DocumentCurrencyCode>
  <cac:BuyerCustomerParty>
    <cac:Party><cac:PartyName><cbc:Name>Retailer store S001</cbc:Name></cac:PartyName></cac:Party>
  </cac:BuyerCustomerParty>
  <cac:SellerSupplierParty>
    <cac:Party><cac:PartyIdentification><cbc:ID>V0001</cbc:ID></cac:PartyIdentification></cac:Party>
  </cac:SellerSupplierParty>
  <cac:Delivery>
    <cac:DeliveryLocation><cbc:ID>S001</cbc:ID></cac:DeliveryLocation>
    <cac:RequestedDeliveryPeriod><cbc:StartDate>2026-06-22</cbc:StartDate></cac:RequestedDeliveryPeriod>
  </cac:Delivery>
  <cac:AnticipatedMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="ZAR">99.99</cbc:LineExtensionAmount>
    <cbc:PayableAmount currencyID="ZAR">114.99</cbc:PayableAmount>
  </cac:AnticipatedMonetaryTotal>
  <cac:OrderLine>
    <cac:LineItem>
      <cbc:ID>1</cbc:ID>
      <cbc:Quantity unitCode="EA">3</cbc:Quantity>
      <cbc:LineExtensionAmount currencyID="ZAR">99.99</cbc:LineExtensionAmount>
      <cac:Price><cbc:PriceAmount currencyID="ZAR">33.33</cbc:PriceAmount></cac:Price>
      <cac:Item>
        <cbc:Name>Maize meal 10 kg</cbc:Name>
        <cac:SellersItemIdentification><cbc:ID>101001</cbc:ID></cac:SellersItemIdentification>
        <cac:ClassifiedTaxCategory>
          <cbc:ID>S</cbc:ID>
          <cbc:Percent>15</cbc:Percent>
          <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>
        </cac:ClassifiedTaxCategory>
      </cac:Item>
    </cac:LineItem>
  </cac:OrderLine>
</Order>
`,
  ],
});

import { z } from 'zod';

/**
 * What the events feed and the webhooks carry (docs/api.md, "Types and data"): one item per event, its `data`
 * by type. These schemas describe what act-events.ts and ingestion write; the OpenAPI document
 * (lib/http/openapi/) shows them, and tests/integration/integrations/openapi.test.ts parses real events with them.
 */
// Loose objects: a receiver must take fields added later (and the schema reads the same as a webhook's request body).
const tinyMce = z.string().meta({ description: "The document's key in the portal (tinyMce)." });
const documentRef = { tinyMce, docno: z.string() };

const ingestedData = z.looseObject({
  status: z.enum(['created', 'updated']),
  ...documentRef,
  type: z.string(),
  version: z.number().int(),
  vendorCode: z.string(),
  storeCode: z.string(),
});

const lineAnswer = z.looseObject({
  lineNumber: z.number().int(),
  response: z.enum(['Confirmed', 'Rejected']),
  reason: z.string().nullable(),
  supplierRef: z.string().nullable(),
});
const orderAnsweredData = z.looseObject({
  ...documentRef,
  wfStatusCode: z.enum(['confirmed', 'rejected', 'mixed']),
  response: z.looseObject({
    response: z.enum(['confirmed', 'rejected', 'detailResponse']),
    reason: z.string().nullish(),
    supplierRef: z.string().nullish(),
  }),
  lines: z.array(lineAnswer).meta({ description: 'The answer of each line (all lines alike unless detailResponse).' }),
});

const invoiceData = z.looseObject({
  tinyMce,
  invoiceNumber: z.string(),
  orderno: z.string(),
  orderTinyMce: z.string(),
  totalIncl: z.string().meta({ description: 'Rand, two decimals, as a string.' }),
  toFollow: z.boolean(),
  ubl: z.string().meta({ description: 'Where to read it as UBL 2.1: GET /api/v1/invoices/{tinyMce}/ubl.' }),
});

const deliveryNoteData = z.looseObject({ tinyMce, deliverynoteNumber: z.string(), orderno: z.string(), orderTinyMce: z.string() });

const changeDecidedData = z.looseObject({
  changeId: z.number().int(),
  status: z.enum(['approved', 'rejected']),
  catalogueCode: z.string().nullable(),
  comments: z.string().nullable(),
});

const masterdataDecidedData = z.looseObject({
  changeId: z.number().int(),
  processId: z.string().nullable(),
  eventType: z.string().nullable(),
  status: z.enum(['approved', 'rejected']),
  reason: z.string().nullable(),
});

const eventOf = <T extends readonly [string, ...string[]], D extends z.ZodType>(types: T, data: D) =>
  z.looseObject({
    id: z.string().meta({ description: 'The event, and the feed cursor that ends at it.' }),
    type: z.enum(types),
    occurredAt: z.string().meta({ description: 'When its act committed (ISO 8601).' }),
    subsidiaryCode: z.string().nullable().meta({ description: 'Null for what belongs to no one subsidiary (catalogue, master data).' }),
    vendorCode: z.string().nullable(),
    data,
  });

/** One event as the feed lists it and a webhook posts it. */
export const feedEventSchema = z
  .discriminatedUnion('type', [
    eventOf(['document.ingested', 'document.updated'], ingestedData),
    eventOf(['order.confirmed', 'order.rejected', 'order.responded'], orderAnsweredData),
    eventOf(['invoice.submitted', 'creditnote.submitted'], invoiceData),
    eventOf(['deliverynote.submitted'], deliveryNoteData),
    eventOf(['invoicing.dismissed'], z.looseObject(documentRef)),
    eventOf(['item_change.decided', 'pricing_change.decided'], changeDecidedData),
    eventOf(['masterdata_change.decided'], masterdataDecidedData),
  ])
  .meta({
    id: 'Event',
    description: 'An act a retailer system must learn of, written in the same transaction as the act.',
    examples: [
      {
        id: '81234-5012',
        type: 'order.confirmed',
        occurredAt: '2026-11-25T09:14:03.512+00:00',
        subsidiaryCode: 'SUB01',
        vendorCode: 'V0001',
        data: {
          tinyMce: 'k3J9xQ2m',
          docno: 'PO-100234',
          wfStatusCode: 'confirmed',
          response: { response: 'confirmed', supplierRef: 'SO-5531' },
          lines: [{ lineNumber: 1, response: 'Confirmed', reason: null, supplierRef: 'SO-5531' }],
        },
      },
      {
        id: '81240-5020',
        type: 'invoice.submitted',
        occurredAt: '2026-11-25T10:02:45.101+00:00',
        subsidiaryCode: 'SUB01',
        vendorCode: 'V0001',
        data: {
          tinyMce: 'p8Lw2Zr4',
          invoiceNumber: 'INV-7781',
          orderno: 'PO-100234',
          orderTinyMce: 'k3J9xQ2m',
          totalIncl: '1150.00',
          toFollow: false,
          ubl: '/api/v1/invoices/p8Lw2Zr4/ubl',
        },
      },
    ],
  });
export type FeedEventItem = z.infer<typeof feedEventSchema>;

/** Every kind of event the feed and webhooks carry. */
export type EventType = FeedEventItem['type'];

/** GET /api/v1/events: a page of events and the cursor to ask from next. */
export const feedPageSchema = z
  .object({
    data: z.array(feedEventSchema),
    next: z.string().meta({ description: 'Send as `after` next time; an empty page returns the same cursor.' }),
  })
  .meta({
    id: 'EventPage',
    examples: [{ data: [], next: '81240-5020' }],
  });

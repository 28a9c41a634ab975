import {
  pgTable,
  bigserial,
  bigint,
  integer,
  text,
  timestamp,
  date,
  numeric,
  smallint,
  boolean,
  jsonb,
  index,
  uniqueIndex,
  primaryKey,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { subsidiaries, stores, regions, divisions } from './reference';
import { vendors, uploadedFiles } from './vendors';
import { users } from './users';

export const XDOC_TYPES = ['order', 'invoice', 'deliverynote', 'remittance', 'dispute', 'aux.grv'] as const;
export const XDOC_SUB_TYPES = ['direct', 'semi direct', 'normal', 'jab', 'return', 'creditnote'] as const;
export const ORDER_TYPES = ['stock', 'promotion', 'non-stock'] as const;
export type XdocType = (typeof XDOC_TYPES)[number];
export type XdocSubType = (typeof XDOC_SUB_TYPES)[number];

/** The order-response header as stored (spec §3 order response payload). */
export type StoredResponse = { response: 'confirmed' | 'rejected' | 'detailResponse'; reason?: string; supplierRef?: string };

/** The inbox lists' predicates, as the partial indexes state them (the queries repeat them literally). */
const OPEN_PURCHASE = sql`xdoc_type_code = 'order' and responded_at is null and xdoc_sub_type_code is distinct from 'return'`;
const OPEN_RETURN = sql`xdoc_type_code = 'order' and responded_at is null and xdoc_sub_type_code = 'return'`;
const RESPONDED_RETURN = sql`xdoc_type_code = 'order' and responded_at is not null and xdoc_sub_type_code = 'return'`;
/**
 * The unread lists' documents only (an unread order or invoice is on none of them), which keeps their indexes small
 * and spares every new order (unread until its supplier opens it) entering them. Their date-sorted indexes serve
 * the lists' default order too (read backwards), so the lists have no other.
 */
const UNREAD_LISTED = sql`is_read = false and xdoc_type_code in ('deliverynote', 'dispute', 'remittance')`;
/** Invoices tab, toInvoice: confirmed or partly confirmed purchase orders whose invoicing is not closed (invoiced fully or dismissed). */
const TO_INVOICE = sql`xdoc_type_code = 'order' and responded_at is not null and invoicing_closed_at is null and wf_status_code in ('confirmed', 'mixed') and xdoc_sub_type_code is distinct from 'return'`;

/** Each three and four characters of a document number, lower case, prefixed by its vendor (migration 0026). */
const DOCNO_GRAMS = sql`docno_vendor_grams(vendor_id, docno)`;

function inboxSearchIndexes() {
  // One index per unread type: with the type in the predicate, the planner has no type condition left to
  // AND with the type's own index, which would read every document of that type.
  const unreadOf = (type: string) => sql`is_read = false and xdoc_type_code = ${sql.raw(`'${type}'`)}`;
  const lists = {
    open_purchase: OPEN_PURCHASE,
    open_return: OPEN_RETURN,
    responded_return: RESPONDED_RETURN,
    to_invoice: TO_INVOICE,
    unread_deliverynote: unreadOf('deliverynote'),
    unread_dispute: unreadOf('dispute'),
    unread_remittance: unreadOf('remittance'),
  };
  // fastupdate off: a search never reads a pending list of unsorted new entries (up to 4 MB) nor waits for
  // vacuum to merge it, at the price of each new list member's pieces entered one by one.
  return Object.entries(lists).map(([name, where]) =>
    index(`xdocs_inbox_${name}_search_idx`).using('gin', DOCNO_GRAMS).with({ fastupdate: false }).where(where),
  );
}

/**
 * Indexes for the inbox lists sorted by a column (`sort`): for each list and each sort column, one led by
 * the vendor and one by vendor and store, then the column and the id (the tiebreak), so a page of one
 * vendor reads in order and stops after the page in either direction (ascending forward, descending
 * backward, which is why the column keeps the default nulls last), and a supplier's vendors are merged.
 * The unread lists share theirs, with the document type after the vendor. docno comes last so a search
 * for part of a number is checked in the index.
 */
function inboxSortIndexes(t: {
  [K in 'vendorId' | 'storeId' | 'xdocTypeCode' | 'docno' | 'docDate' | 'deliveryDate' | 'xdocTotalIncl' | 'id']: AnyPgColumn;
}) {
  const lists = [
    { name: 'open_purchase', where: OPEN_PURCHASE, lead: [t.vendorId] },
    { name: 'open_return', where: OPEN_RETURN, lead: [t.vendorId] },
    { name: 'responded_return', where: RESPONDED_RETURN, lead: [t.vendorId] },
    { name: 'unread', where: UNREAD_LISTED, lead: [t.vendorId, t.xdocTypeCode] },
  ];
  const columns = [
    { name: 'docno', column: t.docno },
    { name: 'doc_date', column: t.docDate },
    { name: 'delivery_date', column: t.deliveryDate },
    { name: 'total', column: t.xdocTotalIncl },
  ];
  return lists.flatMap(({ name, where, lead }) =>
    columns.flatMap(({ name: by, column }) => {
      const rest = column === t.docno ? [column, t.id] : [column, t.id, t.docno];
      return [
        index(`xdocs_inbox_${name}_by_${by}_idx`)
          .on(...(lead as [AnyPgColumn, ...AnyPgColumn[]]), ...rest)
          .where(where),
        index(`xdocs_inbox_${name}_store_by_${by}_idx`)
          .on(...(lead as [AnyPgColumn, ...AnyPgColumn[]]), t.storeId, ...rest)
          .where(where),
      ];
    }),
  );
}

/**
 * A trade document (spec "xdoc"). Money is numeric; dates are real dates.
 * Store, region and division are denormalised so the inbox and history filters hit one table.
 */
export const xdocs = pgTable(
  'xdocs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    tinyMce: text().notNull(),
    docno: text().notNull(),
    orderno: text(),
    xdocTypeCode: text().$type<XdocType>().notNull(),
    xdocSubTypeCode: text().$type<XdocSubType>(),
    xdocTypeDescr: text(),
    xdocDescr: text(),
    orderType: text(),
    wfStatusCode: text().notNull().default('received'),
    subsidiaryId: integer()
      .notNull()
      .references(() => subsidiaries.id),
    vendorId: integer()
      .notNull()
      .references(() => vendors.id),
    storeId: integer().references(() => stores.id),
    toStoreId: integer().references(() => stores.id),
    regionId: integer().references(() => regions.id),
    divisionId: integer().references(() => divisions.id),
    relatedXdocId: bigint({ mode: 'number' }).references((): AnyPgColumn => xdocs.id),
    docDate: date({ mode: 'string' }).notNull(),
    deliveryDate: date({ mode: 'string' }),
    deliveryMethod: text(),
    deliveryInstructions: text(),
    totValue: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    xdocTotalExcl: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    xdocTaxAmount: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    xdocTotalIncl: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    xdocInvoicedate: date({ mode: 'string' }),
    xdocDeliverynoteDate: date({ mode: 'string' }),
    invoiceNumber: text(),
    deliverynoteNumber: text(),
    toFollow: smallint().notNull().default(0),
    /**
     * How many lines there are to answer: distinct line numbers (a multi-branch order repeats a line per
     * delivery address). Kept by a statement trigger on xdoc_lines in the changing transaction (migration
     * 0007), so lists show it without counting lines for every row of every page.
     */
    lineCount: integer().notNull().default(0),
    reasonCode: text(), // dispute Q/U/O, discrepancy A/B/C
    isRead: boolean().notNull().default(false),
    readAt: timestamp({ withTimezone: true }),
    readBy: integer().references(() => users.id),
    response: jsonb().$type<StoredResponse>(),
    respondedAt: timestamp({ withTimezone: true }),
    respondedBy: integer().references(() => users.id),
    invoicingClosedAt: timestamp({ withTimezone: true }),
    scanFileId: bigint({ mode: 'number' }).references(() => uploadedFiles.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('xdocs_tiny_mce_uq').on(t.tinyMce),
    index('xdocs_docno_idx').on(t.docno),
    // Inbox docno filter: any part of the number, any case, `lower(docno) like '%4632%'` (pg_trgm, migration 0008).
    index('xdocs_docno_trgm_idx').using('gin', sql`lower(docno) gin_trgm_ops`),
    // A supplier's part-number search in each inbox list: the list's documents by vendor and each three and four
    // characters of their number ('7:008', '7:0083'), so a fragment's candidates are that vendor's documents of
    // that list holding it, however large the other vendors and lists grow (lib/domain/inbox/docno-search.ts).
    ...inboxSearchIndexes(),
    index('xdocs_orderno_idx').on(t.orderno),
    // A number most documents lack is indexed where it is there (an equality implies it is not null), so a new order
    // enters none of these: the related order, an invoice's and a delivery note's numbers, the supplier's reference.
    index('xdocs_related_idx')
      .on(t.relatedXdocId)
      .where(sql`related_xdoc_id is not null`),
    // Inbox: open purchase orders, open return orders and responded return orders per vendor, newest first.
    // Splitting by sub type keeps the sub-type check out of the heap; the trailing columns let every
    // order filter be checked in the index (docno last: a search for part of a number that the trigram
    // index cannot narrow reads the list in order without visiting the table), so a page of ids and its
    // count(*) are index-only scans.
    index('xdocs_inbox_open_purchase_idx')
      .on(
        t.vendorId,
        t.docDate.desc(),
        t.id.desc(),
        t.storeId,
        t.subsidiaryId,
        t.regionId,
        t.deliveryDate,
        t.xdocSubTypeCode,
        t.orderType,
        t.docno,
      )
      .where(OPEN_PURCHASE),
    index('xdocs_inbox_open_return_idx')
      .on(t.vendorId, t.docDate.desc(), t.id.desc(), t.storeId, t.subsidiaryId, t.regionId, t.deliveryDate, t.orderType, t.docno)
      .where(OPEN_RETURN),
    index('xdocs_inbox_responded_return_idx')
      .on(t.vendorId, t.docDate.desc(), t.id.desc(), t.storeId, t.subsidiaryId, t.regionId, t.deliveryDate, t.orderType, t.docno)
      .where(RESPONDED_RETURN),
    // The store filter the inbox screen uses most: the store's open orders in date order with the vendor
    // in the index, so a page stops after its rows (a supplier with several vendors needs no sort) and
    // the exact total comes from inbox_counts, which are kept per store.
    index('xdocs_inbox_open_purchase_store_date_idx')
      .on(t.storeId, t.docDate.desc(), t.id.desc(), t.vendorId, t.docno)
      .where(OPEN_PURCHASE),
    // The unfiltered first page of a supplier with several vendors: read in date order, vendor checked in the index.
    index('xdocs_inbox_open_purchase_date_idx').on(t.docDate.desc(), t.id.desc(), t.vendorId, t.docno).where(OPEN_PURCHASE),
    index('xdocs_inbox_open_return_store_idx').on(t.vendorId, t.storeId, t.docDate.desc(), t.id.desc(), t.docno).where(OPEN_RETURN),
    // Inbox lists sorted by a column (lib/domain/inbox/queries.ts): see inboxSortIndexes.
    ...inboxSortIndexes(t),
    // Invoices tab, toInvoice (GET /orders/uninvoiced): the same shape as the open-order index.
    index('xdocs_inbox_to_invoice_idx')
      .on(
        t.vendorId,
        t.docDate.desc(),
        t.id.desc(),
        t.storeId,
        t.subsidiaryId,
        t.regionId,
        t.deliveryDate,
        t.xdocSubTypeCode,
        t.orderType,
        t.wfStatusCode,
        t.docno,
      )
      .where(TO_INVOICE),
    // An invoice or credit note number is the supplier's own and unique per vendor (spec §5; submit-invoice.ts says which).
    uniqueIndex('xdocs_vendor_invoice_number_uq')
      .on(t.vendorId, t.invoiceNumber)
      .where(sql`xdoc_type_code = 'invoice'`),
    // History: every filter, each led by a selective column and ordered by date.
    index('xdocs_vendor_type_date_idx').on(t.vendorId, t.xdocTypeCode, t.docDate.desc(), t.id.desc()),
    index('xdocs_subsidiary_date_idx').on(t.subsidiaryId, t.docDate.desc(), t.id.desc()),
    index('xdocs_store_date_idx').on(t.storeId, t.docDate.desc()),
    index('xdocs_region_date_idx').on(t.regionId, t.docDate.desc()),
    index('xdocs_division_date_idx').on(t.divisionId, t.docDate.desc()),
    index('xdocs_type_status_date_idx').on(t.xdocTypeCode, t.wfStatusCode, t.docDate.desc()),
    index('xdocs_date_idx').on(t.docDate.desc(), t.id.desc()),
    // History (lib/domain/history): the status filter alone, the type filter alone, and the common pairs
    // with the subsidiary a vendor filter always comes with, each in page order so a page stops early.
    index('xdocs_history_status_date_idx').on(t.wfStatusCode, t.docDate.desc(), t.id.desc()),
    // A store's documents of one status (a store checking what is outstanding): its total and its page read only those.
    index('xdocs_history_store_status_date_idx').on(t.storeId, t.wfStatusCode, t.docDate.desc(), t.id.desc()),
    index('xdocs_history_type_date_idx').on(t.xdocTypeCode, t.docDate.desc(), t.id.desc()),
    index('xdocs_history_subsidiary_type_date_idx').on(t.subsidiaryId, t.xdocTypeCode, t.docDate.desc(), t.id.desc()),
    index('xdocs_history_subsidiary_vendor_date_idx').on(t.subsidiaryId, t.vendorId, t.docDate.desc(), t.id.desc()),
    // The one-box search (GET /history/find): every number a document carries has an index.
    index('xdocs_invoice_number_idx')
      .on(t.invoiceNumber)
      .where(sql`invoice_number is not null`),
    index('xdocs_deliverynote_number_idx')
      .on(t.deliverynoteNumber)
      .where(sql`deliverynote_number is not null`),
    index('xdocs_supplier_ref_idx')
      .using('btree', sql`upper(${t.response} ->> 'supplierRef')`)
      .where(sql`upper(response ->> 'supplierRef') is not null`),
  ],
);

export const xdocLines = pgTable(
  'xdoc_lines',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    xdocId: bigint({ mode: 'number' })
      .notNull()
      .references(() => xdocs.id, { onDelete: 'cascade' }),
    lineNumber: integer().notNull(),
    catalogueCode: text().notNull(),
    descr: text(),
    qty: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    originalqty: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    qtyDelivered: numeric({ precision: 12, scale: 2 }),
    amount: numeric({ precision: 14, scale: 2 }),
    originalamount: numeric({ precision: 14, scale: 2 }),
    taxPercent: numeric({ precision: 5, scale: 2 }),
    taxAmount: numeric({ precision: 14, scale: 2 }),
    response: text(), // Confirmed / Rejected after a line-level response
    reason: text(),
    supplierRef: text(),
    orderDescr: text(), // 'cancelled' marks a cancelled line
    deliveryAddressCode: text(),
    storeId: integer().references(() => stores.id),
    invoiceNumber: text(),
  },
  (t) => [uniqueIndex('xdoc_lines_doc_line_uq').on(t.xdocId, t.lineNumber, t.deliveryAddressCode)],
);

export const INBOX_COUNTED_LISTS = [
  'open_purchase',
  'open_return',
  'unread_deliverynote',
  'unread_dispute',
  'unread_remittance',
  // The Invoices tab's views (migration 0011: invoicing_list_of).
  'to_invoice',
  'to_credit',
] as const;
export type InboxCountedList = (typeof INBOX_COUNTED_LISTS)[number];

/**
 * How many documents of each vendor and store are on each inbox list, kept exact by a trigger on xdocs
 * (migrations 0003, 0004) in the same transaction as the change, so an unfiltered or store-filtered
 * list's total is a sum of a few rows instead of a count over thousands. Other filters count rows.
 */
export const inboxCounts = pgTable(
  'inbox_counts',
  {
    vendorId: integer()
      .notNull()
      .references(() => vendors.id),
    list: text().$type<InboxCountedList>().notNull(),
    /** The document's store, 0 for none: a store-filtered list (the common filter) totals from here too. */
    storeId: integer().notNull().default(0),
    total: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.list, t.storeId] })],
);

/**
 * How many documents there are of each subsidiary, vendor, type and status, kept exact by a trigger on
 * xdocs (migration 0011) in the transaction of every change, so a history total filtered by nothing else
 * (the staff's start screen) is a sum of a few rows instead of a count over every document.
 */
export const historyCounts = pgTable(
  'history_counts',
  {
    subsidiaryId: integer()
      .notNull()
      .references(() => subsidiaries.id),
    vendorId: integer()
      .notNull()
      .references(() => vendors.id),
    xdocTypeCode: text().notNull(),
    wfStatusCode: text().notNull(),
    total: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subsidiaryId, t.vendorId, t.xdocTypeCode, t.wfStatusCode] })],
);

/**
 * How many documents there are of each day and subsidiary, kept exact by a trigger on xdocs (migration
 * 0015) that runs when the changing transaction commits. A deep history page in the default order
 * (newest first) finds the day its offset falls in from these few rows and reads the index from that
 * day on, instead of stepping over every newer document (lib/domain/history/queries.ts). The trigger runs
 * at commit, so one row per key made every writer of the day wait for the commit before it (its WAL flush);
 * each transaction adds to one of 16 rows of its key (its transaction id modulo 16, migration 0029), as
 * history_type_day_counts does, and readers sum them.
 */
export const historyDayCounts = pgTable(
  'history_day_counts',
  {
    docDate: date({ mode: 'string' }).notNull(),
    subsidiaryId: integer().notNull(),
    slot: smallint().notNull().default(0),
    total: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.docDate, t.subsidiaryId, t.slot] })],
);

/*
 * The history's filter counters (migration 0021, issue 30): how many documents there are of each value of
 * the filters people combine, kept exact in the changing transaction by statement triggers on xdocs that
 * call history_filter_counts_add (which a bulk writer with triggers off can call itself per batch).
 * A history total filtered by dates, store, region or division is a sum of a few of these rows instead
 * of a count over every matching document (lib/domain/history/totals.ts). Store, region and division
 * are 0 for none. Three grains, each small: the rows grow with days and stores, not with documents.
 */

/**
 * Day × subsidiary × type × status: a date range, alone or with type, status and subsidiary. Every new document
 * of a day and subsidiary counts here, so one row per key would make every writing transaction of the day wait
 * for the one before it to commit (single ingestion at 10 clients: 9 of 10 waiting, docs/benchmarks.md). Each
 * transaction adds to one of 16 rows of its key instead (its transaction id modulo 16, migration 0025); readers sum the slots as they sum days.
 */
export const historyTypeDayCounts = pgTable(
  'history_type_day_counts',
  {
    docDate: date({ mode: 'string' }).notNull(),
    subsidiaryId: integer().notNull(),
    xdocTypeCode: text().notNull(),
    wfStatusCode: text().notNull(),
    slot: smallint().notNull().default(0),
    total: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.docDate, t.subsidiaryId, t.xdocTypeCode, t.wfStatusCode, t.slot] })],
);

/** Day × store (with its subsidiary, region, division): a store, region or division, with or without dates. */
export const historyStoreDayCounts = pgTable(
  'history_store_day_counts',
  {
    storeId: integer().notNull(),
    regionId: integer().notNull(),
    divisionId: integer().notNull(),
    subsidiaryId: integer().notNull(),
    docDate: date({ mode: 'string' }).notNull(),
    total: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.regionId, t.divisionId, t.subsidiaryId, t.docDate] }),
    index('history_store_day_counts_region_idx').on(t.regionId, t.docDate),
    index('history_store_day_counts_division_idx').on(t.divisionId, t.docDate),
  ],
);

/** Store (with its subsidiary, region, division) × type × status, all days: a store, region or division with type or status. */
export const historyStoreCounts = pgTable(
  'history_store_counts',
  {
    storeId: integer().notNull(),
    regionId: integer().notNull(),
    divisionId: integer().notNull(),
    subsidiaryId: integer().notNull(),
    xdocTypeCode: text().notNull(),
    wfStatusCode: text().notNull(),
    total: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.regionId, t.divisionId, t.subsidiaryId, t.xdocTypeCode, t.wfStatusCode] }),
    index('history_store_counts_region_idx').on(t.regionId),
    index('history_store_counts_division_idx').on(t.divisionId),
  ],
);

/** Quantities delivered against an order line (one row per delivery note line). */
export const deliveredLines = pgTable(
  'delivered_lines',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    orderXdocId: bigint({ mode: 'number' })
      .notNull()
      .references(() => xdocs.id, { onDelete: 'cascade' }),
    deliverynoteXdocId: bigint({ mode: 'number' }).references(() => xdocs.id, { onDelete: 'cascade' }),
    deliverynoteNumber: text(),
    lineNumber: integer().notNull(),
    deliveryAddressCode: text(),
    qty: numeric({ precision: 12, scale: 2 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delivered_lines_order_idx').on(t.orderXdocId, t.lineNumber)],
);

/** Quantities and amounts invoiced (or credited) against an order line. */
export const invoicedLines = pgTable(
  'invoiced_lines',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    orderXdocId: bigint({ mode: 'number' })
      .notNull()
      .references(() => xdocs.id, { onDelete: 'cascade' }),
    invoiceXdocId: bigint({ mode: 'number' }).references(() => xdocs.id, { onDelete: 'cascade' }),
    invoiceNumber: text().notNull(),
    lineNumber: integer().notNull(),
    deliveryAddressCode: text(),
    qty: numeric({ precision: 12, scale: 2 }).notNull(),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
    taxPercent: numeric({ precision: 5, scale: 2 }).notNull().default('15'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoiced_lines_order_idx').on(t.orderXdocId, t.lineNumber)],
);

/** What happened to a document (or another entity), by whom and when. */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    xdocId: bigint({ mode: 'number' }).references(() => xdocs.id, { onDelete: 'cascade' }),
    entityType: text().notNull().default('xdoc'),
    entityId: bigint({ mode: 'number' }),
    action: text().notNull(),
    descr: text().notNull(),
    ownerUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    ownerName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_entries_xdoc_idx').on(t.xdocId, t.createdAt), index('audit_entries_entity_idx').on(t.entityType, t.entityId)],
);

/**
 * Multi-branch ('jab') orders are invoiced per delivery address (spec §4, docno:addressCode): a branch
 * answered 'no more invoices to follow' is closed here, and the order's invoicing closes when every
 * branch of it is.
 */
export const invoicedBranches = pgTable(
  'invoiced_branches',
  {
    orderXdocId: bigint({ mode: 'number' })
      .notNull()
      .references(() => xdocs.id, { onDelete: 'cascade' }),
    deliveryAddressCode: text().notNull(),
    closedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.orderXdocId, t.deliveryAddressCode] })],
);

/**
 * Idempotency-Key of a submission (POST /invoices, /deliverynotes): one row per user and key, written in
 * the transaction that creates the document, so a double click, a retry or a second tab gets the same
 * document back instead of a second one. The primary key is what makes it hold under concurrency.
 */
export const submissionKeys = pgTable(
  'submission_keys',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    /** A hash of what was submitted: the same key with other content is refused, not replayed. */
    requestHash: text().notNull(),
    xdocId: bigint({ mode: 'number' })
      .notNull()
      .references(() => xdocs.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

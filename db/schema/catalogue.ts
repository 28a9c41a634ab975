import {
  pgTable,
  serial,
  bigserial,
  bigint,
  integer,
  text,
  timestamp,
  numeric,
  boolean,
  date,
  jsonb,
  index,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { vendors, uploadedFiles } from './vendors';
import { subsidiaries } from './reference';
import { users } from './users';

export const CHANGE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

export const items = pgTable(
  'items',
  {
    id: serial().primaryKey(),
    vendorId: integer()
      .notNull()
      .references(() => vendors.id),
    catalogueCode: text().notNull(),
    barcode: text(),
    descr: text().notNull(),
    unitOfMeasure: text().notNull().default('EA'),
    packSize: integer().notNull().default(1),
    status: text().notNull().default('approved'),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('items_vendor_code_uq').on(t.vendorId, t.catalogueCode), index('items_descr_idx').on(t.descr)],
);

export const pricings = pgTable(
  'pricings',
  {
    id: serial().primaryKey(),
    itemId: integer()
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    subsidiaryId: integer().references(() => subsidiaries.id),
    costPrice: numeric({ precision: 14, scale: 2 }).notNull(),
    retailPrice: numeric({ precision: 14, scale: 2 }),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    effectiveTo: date({ mode: 'string' }),
    status: text().notNull().default('approved'),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pricings_item_idx').on(t.itemId), index('pricings_subsidiary_idx').on(t.subsidiaryId)],
);

/** A requested change to an item, pending until staff approve or reject it. `changeable` holds the proposed values. */
export const itemChanges = pgTable(
  'item_changes',
  {
    id: serial().primaryKey(),
    itemId: integer().references(() => items.id, { onDelete: 'cascade' }),
    vendorId: integer()
      .notNull()
      .references(() => vendors.id),
    changeable: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().$type<ChangeStatus>().notNull().default('pending'),
    requestedBy: integer().references(() => users.id),
    decidedBy: integer().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    comments: text(),
    /** The upload's background process that made this change (masterdata_changes.process_id); null when made singly. */
    processId: text(),
    /**
     * The values it was made against, captured when it was requested (issue 27), so a decided change still
     * reads old → new: {} for a new one; null when not captured (changes older than the column).
     */
    previous: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('item_changes_status_idx').on(t.status, t.createdAt),
    index('item_changes_vendor_idx').on(t.vendorId),
    index('item_changes_process_idx').on(t.processId),
    // The item's changes (its history, the check that it has not changed since), and deleting an item.
    index('item_changes_item_idx').on(t.itemId),
  ],
);

export const pricingChanges = pgTable(
  'pricing_changes',
  {
    id: serial().primaryKey(),
    pricingId: integer().references(() => pricings.id, { onDelete: 'cascade' }),
    itemId: integer().references(() => items.id, { onDelete: 'cascade' }),
    vendorId: integer()
      .notNull()
      .references(() => vendors.id),
    changeable: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().$type<ChangeStatus>().notNull().default('pending'),
    requestedBy: integer().references(() => users.id),
    decidedBy: integer().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    comments: text(),
    /** The upload's background process that made this change (masterdata_changes.process_id); null when made singly. */
    processId: text(),
    /**
     * The values it was made against, captured when it was requested (issue 27), so a decided change still
     * reads old → new: {} for a new one; null when not captured (changes older than the column).
     */
    previous: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pricing_changes_status_idx').on(t.status, t.createdAt),
    index('pricing_changes_vendor_idx').on(t.vendorId),
    index('pricing_changes_process_idx').on(t.processId),
    // As for item changes: look-ups by item or price, and their cascades on delete.
    index('pricing_changes_item_idx').on(t.itemId),
    index('pricing_changes_pricing_idx').on(t.pricingId),
  ],
);

/**
 * A master-data change awaiting approval (spec: process_id, event_type, status, reason): one record per catalogue
 * upload's background process (event_type items.upload / pricing.upload; status `processing` while the worker reads
 * the file, then `pending`, `approved`, `rejected` or `failed`) and one per vendor data edit (event_type vendor.update,
 * old and new values). A `processing` record is what the verify calls report as a running background process.
 */
export const masterdataChanges = pgTable(
  'masterdata_changes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    processId: text().notNull(),
    eventType: text().notNull(),
    status: text().notNull().default('pending'),
    reason: text(),
    vendorId: integer().references(() => vendors.id),
    fileId: bigint({ mode: 'number' }).references(() => uploadedFiles.id),
    oldValues: jsonb().$type<Record<string, unknown>>(),
    newValues: jsonb().$type<Record<string, unknown>>(),
    requestedBy: integer().references(() => users.id),
    decidedBy: integer().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('masterdata_changes_process_event_uq').on(t.processId, t.eventType),
    index('masterdata_changes_status_idx').on(t.status, t.createdAt),
  ],
);

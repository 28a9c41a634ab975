import {
  pgTable,
  bigserial,
  integer,
  serial,
  text,
  timestamp,
  jsonb,
  customType,
  bigint,
  index,
  date,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Uploaded files live in PostgreSQL (size-limited) so every web and worker replica sees them. */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    content: bytea().notNull(),
    purpose: text().notNull(), // bbbee, item-upload, pricing-upload, invoice, deliverynote, scan
    uploadedBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploaded_files_purpose_idx').on(t.purpose, t.createdAt)],
);

export type VendorData = {
  registrationNumber?: string;
  vatNumber?: string;
  contactName?: string;
  contactEmail?: string;
  contactPhone?: string;
  address?: string;
  bank?: { name?: string; account?: string; branchCode?: string };
  bbbeeLevel?: number;
  bbbeeExpiry?: string;
};

export const vendors = pgTable('vendors', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  tinyMce: text().notNull().unique(),
  vendordata: jsonb().$type<VendorData>().notNull().default({}),
  bbbeeFileId: bigint({ mode: 'number' }).references(() => uploadedFiles.id),
  /**
   * The vendor's e-invoicing address (EN 16931 BT-34, Peppol's EndpointID) and its scheme, an EAS code
   * such as 0088 (GLN): Peppol BIS Billing 3.0 requires it on every invoice (docs/api.md, UBL).
   */
  electronicAddress: text(),
  electronicAddressScheme: text(),
  /** Days after the invoice date that the retailer pays the vendor's invoices: the e-invoice's due date and terms. */
  paymentTermsDays: integer().notNull().default(30),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The 30-days-before-expiry reminders sent for vendors' B-BBEE certificates: one row per certificate
 * (vendor and expiry date), written with the reminder's e-mails, so each certificate is reminded once
 * however often or on however many workers the sweep runs (lib/domain/vendors/remind-expiring-certificates.ts).
 */
export const bbbeeExpiryNotices = pgTable(
  'bbbee_expiry_notices',
  {
    vendorId: integer()
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    expiry: date().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.expiry] })],
);

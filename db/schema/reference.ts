import { pgTable, integer, serial, text, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';

/** Roles have fixed ids: the spec's rules (and seeded data) depend on 1 c_admin, 2 c_user, 4 v_user. */
export const roles = pgTable('roles', {
  id: integer().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
});

/** A subsidiary of the retailer: the "customer" (custaccount) that documents belong to. */
export const subsidiaries = pgTable('subsidiaries', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  tinyMce: text().notNull().unique(),
  /** The subsidiary as the buyer of an e-invoice: its VAT number (10 digits, without the ZA prefix) and its
   * e-invoicing address with the address's EAS scheme (0088 = GLN), which Peppol BIS Billing 3.0 requires. */
  vatNumber: text(),
  electronicAddress: text(),
  electronicAddressScheme: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const regions = pgTable(
  'regions',
  {
    id: serial().primaryKey(),
    code: text().notNull().unique(),
    name: text().notNull(),
    subsidiaryId: integer().references(() => subsidiaries.id),
  },
  (t) => [index('regions_subsidiary_idx').on(t.subsidiaryId)],
);

export const divisions = pgTable('divisions', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
});

/** A store (branch). Documents are addressed to a store; its region and division are denormalised onto documents for filtering. */
export const stores = pgTable(
  'stores',
  {
    id: serial().primaryKey(),
    code: text().notNull(),
    name: text().notNull(),
    subsidiaryId: integer()
      .notNull()
      .references(() => subsidiaries.id),
    regionId: integer().references(() => regions.id),
    divisionId: integer().references(() => divisions.id),
    addressCode: text(),
  },
  (t) => [uniqueIndex('stores_code_uq').on(t.code), index('stores_subsidiary_idx').on(t.subsidiaryId), index('stores_name_idx').on(t.name)],
);

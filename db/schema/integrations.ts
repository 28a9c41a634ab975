import {
  pgTable,
  bigserial,
  bigint,
  integer,
  serial,
  text,
  timestamp,
  jsonb,
  index,
  uniqueIndex,
  primaryKey,
  customType,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';
import { subsidiaries } from './reference';
import { xdocs } from './documents';

/** PostgreSQL's 64-bit transaction id (never wraps), as a decimal string. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

export const INTEGRATION_SCOPES = ['documents:write', 'events:read'] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];

/**
 * A retailer's system connected through the integration API (/api/v1, docs/api.md): it acts for its
 * subsidiaries only, may do what its scopes say, and signs in with a key of which only the SHA-256
 * hash is kept (the key itself is shown once, when made or rotated).
 */
export const integrations = pgTable(
  'integrations',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    subsidiaryIds: integer().array().notNull(),
    scopes: text().array().$type<IntegrationScope[]>().notNull(),
    webhookUrls: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The Standard Webhooks signing secret (whsec_ + base64 of 32 random bytes), shown once with the key. Kept
     * as it is, not hashed: the worker needs it to sign every delivery (docs/api.md). The default gives rows
     * made before webhooks had secrets one of their own (gen_random_uuid draws from a strong random source).
     */
    webhookSecret: text()
      .notNull()
      .default(sql`'whsec_' || encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'base64')`),
    /** Webhook URLs the worker stopped sending to after a day of failures; a replay turns one back on. */
    disabledWebhookUrls: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The key's first characters, so an admin can tell keys apart without the key. */
    keyPrefix: text().notNull(),
    keyHash: text().notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('integrations_key_hash_uq').on(t.keyHash)],
);

/**
 * The identity of an ingested document, (subsidiary, type, docno) as the retailer's system names it, with a
 * hash of what was last sent: the same content again changes nothing, changed content makes a new version.
 * Kept beside xdocs rather than as a unique index on it, because supplier-made documents (invoices,
 * delivery notes) are numbered by each supplier and may repeat within a subsidiary.
 */
export const ingestedDocuments = pgTable(
  'ingested_documents',
  {
    subsidiaryId: integer()
      .notNull()
      .references(() => subsidiaries.id),
    type: text().notNull(),
    docno: text().notNull(),
    xdocId: bigint({ mode: 'number' })
      .notNull()
      .references(() => xdocs.id, { onDelete: 'cascade' }),
    contentHash: text().notNull(),
    version: integer().notNull().default(1),
    integrationId: integer().references(() => integrations.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subsidiaryId, t.type, t.docno] }), index('ingested_documents_xdoc_idx').on(t.xdocId)],
);

/**
 * What a retailer's system must learn of (an order answered, an invoice submitted, a change decided, a
 * document ingested), written in the same transaction as the act. `xid` is the writing transaction's id:
 * the feed reads in (xid, id) order and only rows of transactions older than every one still running
 * (pg_snapshot_xmin), so a row can never appear before a cursor already handed out (lib/domain/integrations/events.ts).
 */
export const events = pgTable(
  'events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    xid: xid8()
      .notNull()
      .default(sql`pg_current_xact_id()`),
    type: text().notNull(),
    /** Null for what belongs to no one subsidiary (a vendor's catalogue or master data): every integration reads it. */
    subsidiaryId: integer(),
    vendorId: integer(),
    xdocId: bigint({ mode: 'number' }),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_xid_id_idx').on(t.xid, t.id), index('events_subsidiary_xid_id_idx').on(t.subsidiaryId, t.xid, t.id)],
);

import {
  pgTable,
  serial,
  integer,
  text,
  timestamp,
  boolean,
  primaryKey,
  index,
  bigserial,
  jsonb,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { roles, subsidiaries } from './reference';
import { vendors } from './vendors';

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    email: text().notNull().unique(),
    passwordHash: text(),
    roleId: integer()
      .notNull()
      .default(4)
      .references(() => roles.id),
    parentUserId: integer().references((): AnyPgColumn => users.id),
    lastLogin: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    // Raised to end every session of the user at its next request (lib/domain/auth/end-sessions.ts).
    sessionVersion: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_role_idx').on(t.roleId), index('users_parent_idx').on(t.parentUserId)],
);

/** Per-subsidiary grants of retailer users: write implies read. */
export const userSubsidiaries = pgTable(
  'user_subsidiaries',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subsidiaryId: integer()
      .notNull()
      .references(() => subsidiaries.id),
    canRead: boolean().notNull().default(true),
    canWrite: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.subsidiaryId] })],
);

/**
 * Links a supplier user to the vendors whose documents it may see (and, with canWrite, act on). A link
 * reads only unless write is asked for and the linking administrator holds write itself (issue 29).
 */
export const userVendors = pgTable(
  'user_vendors',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vendorId: integer()
      .notNull()
      .references(() => vendors.id),
    canWrite: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.vendorId] }), index('user_vendors_vendor_idx').on(t.vendorId)],
);

/** Single-use reset links; only a hash of the token is stored. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Failed sign-ins, counted per e-mail and per address over a sliding window for throttling. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    email: text().notNull(),
    ip: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.at), index('login_failures_ip_idx').on(t.ip, t.at)],
);

/** Password-reset requests, known address or not, so reset e-mails can be limited (lib/domain/auth/reset-throttle.ts). */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    email: text().notNull(),
    ip: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_requests_email_idx').on(t.email, t.at), index('password_reset_requests_ip_idx').on(t.ip, t.at)],
);

/**
 * Requests counted for rate limits other than the reset's (lib/domain/request-limits.ts): one row per
 * request and key, e.g. ('invitation-by', '17') and ('invitation-to', 'ann@example.com').
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    bucket: text().notNull(),
    key: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.bucket, t.key, t.at)],
);

/**
 * A peer administrator's new e-mail address, waiting for the user to confirm it from the old one
 * (lib/domain/users/email-change.ts): single use, expiring, only a hash of the token is stored.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text().notNull(),
    newEmail: text().notNull(),
    tokenHash: text().notNull().unique(),
    requestedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);

export const emailPreferences = pgTable(
  'email_preferences',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    disabled: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

export const userActivities = pgTable(
  'user_activities',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    userEmail: text().notNull(),
    activity: text().notNull(), // login, logout, password-reset, respond-order, ...
    detail: jsonb().$type<Record<string, unknown>>(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_activities_created_idx').on(t.createdAt),
    index('user_activities_activity_idx').on(t.activity, t.createdAt),
    index('user_activities_email_idx').on(t.userEmail, t.createdAt),
  ],
);

/** The terms a user must accept; user management shows the declaration modal until accepted. */
export const declarations = pgTable(
  'declarations',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: text().notNull(),
    status: text().notNull().default('accepted'),
    acceptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('declarations_user_idx').on(t.userId)],
);

/** The history screen's server-held state: the chosen subsidiary and the selected vendor codes. */
export const historySelections = pgTable('history_selections', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  subsidiaryId: integer().references(() => subsidiaries.id),
  vendorCodes: text().array().notNull().default([]),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

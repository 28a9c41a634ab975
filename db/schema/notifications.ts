import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What one user is to be told by e-mail (docs/architecture.md "Notifications"): written in the transaction of
 * the event (lib/domain/notifications/notify.ts), gathered per user into one digest e-mail by the worker, which
 * sets `sentAt` and `outboxId` in the transaction that enqueues the e-mail, so a row is sent once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The e-mail preference code (lib/domain/preferences/codes.ts). */
    code: text().notNull(),
    xdocId: bigint({ mode: 'number' }),
    /** What the e-mail says about it: document kind and number, vendor, store, its address in the portal. */
    summary: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When its digest was enqueued (or when it was dropped: the code turned off, the user gone). */
    sentAt: timestamp({ withTimezone: true }),
    outboxId: bigint({ mode: 'number' }),
  },
  (t) => [
    index('notifications_pending_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.sentAt} is null`),
    // An order is reminded once per user, however often the reminder sweep runs.
    uniqueIndex('notifications_reminder_uq')
      .on(t.userId, t.xdocId)
      .where(sql`${t.code} = 'order-reminder'`),
  ],
);

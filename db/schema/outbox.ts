import { pgTable, bigserial, text, timestamp, jsonb, integer, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Work caused by a change (e-mails, background jobs), written in the same transaction as the change.
 * The relay moves pending rows into BullMQ with job id = row id, so a retry never runs the work twice.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    kind: text().notNull(), // job name, e.g. 'send-email'
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().$type<'pending' | 'queued' | 'done' | 'failed'>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    queuedAt: timestamp({ withTimezone: true }),
    processedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.createdAt)
      .where(sql`status in ('pending', 'queued')`),
  ],
);

import { pgTable, bigserial, bigint, integer, smallint, text, timestamp, uuid, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { events, integrations } from './integrations';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'disabled'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * One event for one webhook URL of one integration, written in the event's own transaction
 * (lib/domain/integrations/record-event.ts) and sent by the worker (lib/domain/webhooks/deliver.ts).
 * 'failed': the retry budget ran out (the endpoint was disabled then); 'disabled': not sent because its
 * endpoint was disabled. `messageId` is the webhook-id header: the same on every attempt and replay.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    eventId: bigint({ mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    integrationId: integer()
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    messageId: uuid().notNull().defaultRandom(),
    status: text().$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastResponseCode: smallint(),
    lastError: text(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_uq').on(t.eventId, t.integrationId, t.url),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_integration_idx').on(t.integrationId, t.id),
  ],
);

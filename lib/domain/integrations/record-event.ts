import type { DbOrTx } from '../../../db/client';
import { events } from '../../../db/schema';
import { addWebhookDeliveries } from '../webhooks/fan-out';
import { notifyOfEvents } from '../notifications/notify';
import type { EventType } from './event-schemas';

/** Every kind of event the feed and webhooks carry: event-schemas.ts describes each with its data (docs/api.md). */
export type { EventType };

export type NewEvent = {
  type: EventType;
  /** Null for what belongs to no one subsidiary (a vendor's catalogue or master data). */
  subsidiaryId: number | null;
  vendorId?: number | null;
  xdocId?: number | null;
  data: Record<string, unknown>;
};

/**
 * Writes events inside the caller's transaction, so an event exists exactly when its act committed.
 * The row's xid (the transaction's id, a column default) is what the feed orders and cuts by. Its webhook
 * deliveries are written here too (lib/domain/webhooks/fan-out.ts), and the notifications of the users to be told
 * by e-mail (lib/domain/notifications/notify.ts).
 */
export async function recordEvents(tx: DbOrTx, list: readonly NewEvent[]): Promise<void> {
  if (!list.length) return;
  const written = await tx
    .insert(events)
    .values(
      list.map((e) => ({
        type: e.type,
        subsidiaryId: e.subsidiaryId,
        vendorId: e.vendorId ?? null,
        xdocId: e.xdocId ?? null,
        data: e.data,
      })),
    )
    .returning({ id: events.id });
  await addWebhookDeliveries(
    tx,
    written.map((e) => e.id),
  );
  await notifyOfEvents(tx, list);
}

export const recordEvent = (tx: DbOrTx, event: NewEvent) => recordEvents(tx, [event]);

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { webhookDeliveriesSql } from '../webhooks/fan-out';
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
 * deliveries are written by the same statement (lib/domain/webhooks/fan-out.ts), and the notifications of
 * the users to be told by e-mail by the next (lib/domain/notifications/notify.ts).
 */
export async function recordEvents(tx: DbOrTx, list: readonly NewEvent[]): Promise<void> {
  if (!list.length) return;
  const rows = list.map((e) => ({
    type: e.type,
    subsidiary_id: e.subsidiaryId,
    vendor_id: e.vendorId ?? null,
    xdoc_id: e.xdocId ?? null,
    data: e.data,
  }));
  await tx.execute(sql`
    with written as (
      insert into events (type, subsidiary_id, vendor_id, xdoc_id, data)
      select type, subsidiary_id, vendor_id, xdoc_id, data from jsonb_populate_recordset(null::events, ${JSON.stringify(rows)}::jsonb)
      returning id, subsidiary_id)
    ${webhookDeliveriesSql(sql`written`)}`);
  await notifyOfEvents(tx, list);
}

export const recordEvent = (tx: DbOrTx, event: NewEvent) => recordEvents(tx, [event]);

import { sql, type SQL } from 'drizzle-orm';
import { executePrepared, type DbOrTx } from '../../../db/client';
import { webhookDeliveriesSql } from '../webhooks/fan-out';
import { notifyOfDecidedChanges } from '../notifications/notify';
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
 * The CTEs that write events from `source`, a relation of (type, subsidiary_id, vendor_id, xdoc_id, data), and
 * their webhook deliveries (lib/domain/webhooks/fan-out.ts), for the WITH of a statement: so a delivery exists
 * exactly when its event committed. The row's xid (the transaction's id, a column default) is what the feed
 * orders and cuts by. recordEvents writes them alone; a new document's are part of the statement that creates
 * it (lib/domain/ingestion/insert-new-documents.ts).
 */
export const eventsCtes = (source: SQL) => sql`written as (
      insert into events (type, subsidiary_id, vendor_id, xdoc_id, data)
      select type, subsidiary_id, vendor_id, xdoc_id, data from ${source}
      returning id, subsidiary_id
    ), delivered as (${webhookDeliveriesSql(sql`written`)} returning event_id)`;

/**
 * Writes events inside the caller's transaction, so an event exists exactly when its act committed: one
 * prepared statement (its text does not change with the number of events) with their webhook deliveries, then
 * a decided change's notifications of the users to be told by e-mail (lib/domain/notifications/notify.ts).
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
  await executePrepared(
    tx,
    sql`with ${eventsCtes(sql`jsonb_populate_recordset(null::events, ${JSON.stringify(rows)}::jsonb)`)} select from written`,
  );
  await notifyOfDecidedChanges(tx, list);
}

export const recordEvent = (tx: DbOrTx, event: NewEvent) => recordEvents(tx, [event]);

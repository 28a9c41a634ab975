import { sql, type SQL } from 'drizzle-orm';
import { db } from '../../../db/client';
import type { IntegrationActor } from '../../auth/integration-actor';

export type FeedEvent = {
  id: string;
  type: string;
  occurredAt: string;
  subsidiaryCode: string | null;
  vendorCode: string | null;
  data: Record<string, unknown>;
};

export type FeedPage = { data: FeedEvent[]; next: string };

/** The cursor: the last event's transaction id and event id, "<xid>-<id>"; "0-0" is the beginning. */
export const CURSOR_PATTERN = /^\d{1,20}-\d{1,20}$/;
export const START_CURSOR = '0-0';

/**
 * Which events an integration gets, by the feed and by webhooks alike: those of its subsidiaries and those of no
 * one subsidiary. A condition on an `events` row named `e`; `subsidiaryIds` is an int[] expression.
 */
export const eventOfSubsidiaries = (subsidiaryIds: SQL) => sql`(e.subsidiary_id is null or e.subsidiary_id = any(${subsidiaryIds}))`;

/**
 * GET /api/v1/events: the events of the key's subsidiaries (and those of no one subsidiary) after the cursor.
 *
 * Why no event is ever skipped: event ids are handed out when a row is inserted, not when its transaction
 * commits, so a plain "id > cursor" reader can pass an id whose transaction commits later. Rows are read
 * in (xid, id) order instead, and only rows of transactions older than the oldest transaction still
 * running (pg_snapshot_xmin of this statement's snapshot): every such transaction has ended, so no row can
 * still appear at or before a row returned. The price is that one long transaction holds the feed back
 * until it ends (acts are short; the web's statement and idle-in-transaction limits bound them). The order
 * is the writing transactions' start order, which within one document is the order its acts committed.
 */
export async function readEvents(actor: IntegrationActor, { after, limit }: { after: string; limit: number }): Promise<FeedPage> {
  const [xid, id] = after.split('-');
  const rows = (
    await db.execute<{
      id: string;
      xid: string;
      type: string;
      at: string;
      subsidiary: string | null;
      vendor: string | null;
      data: Record<string, unknown>;
    }>(sql`
      select e.id::text as "id", e.xid::text as "xid", e.type as "type", to_json(e.created_at)#>>'{}' as "at",
        s.code as "subsidiary", v.code as "vendor", e.data as "data"
      from events e
      left join subsidiaries s on s.id = e.subsidiary_id
      left join vendors v on v.id = e.vendor_id
      where (e.xid, e.id) > (${xid}::xid8, ${id}::bigint)
        and e.xid < pg_snapshot_xmin(pg_current_snapshot())
        and ${eventOfSubsidiaries(sql`${`{${actor.subsidiaryIds.join(',')}}`}::int[]`)}
      order by e.xid, e.id
      limit ${limit}`)
  ).rows;
  const last = rows.at(-1);
  return {
    data: rows.map((r) => ({
      id: `${r.xid}-${r.id}`,
      type: r.type,
      occurredAt: r.at,
      subsidiaryCode: r.subsidiary,
      vendorCode: r.vendor,
      data: r.data,
    })),
    next: last ? `${last.xid}-${last.id}` : after,
  };
}

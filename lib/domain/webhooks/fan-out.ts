import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { eventOfSubsidiaries } from '../integrations/events-feed';

/**
 * Adds a delivery per webhook URL of every integration that gets these events (the feed's rule: its
 * subsidiaries, or none; and the events:read scope), inside the events' own transaction: a delivery exists
 * exactly when its event committed, and no sweep has to find new events later. An integration revoked gets
 * none; a URL disabled after a day of failures gets its rows as 'disabled', ready for a replay.
 */
export async function addWebhookDeliveries(tx: DbOrTx, eventIds: readonly number[]): Promise<void> {
  if (!eventIds.length) return;
  await tx.execute(sql`
    insert into webhook_deliveries (event_id, integration_id, url, status)
    select e.id, i.id, u.url, case when u.url = any(i.disabled_webhook_urls) then 'disabled' else 'pending' end
    from events e
    join integrations i on i.revoked_at is null and cardinality(i.webhook_urls) > 0 and 'events:read' = any(i.scopes)
      and ${eventOfSubsidiaries(sql`i.subsidiary_ids`)}
    cross join lateral unnest(i.webhook_urls) as u(url)
    where e.id = any(${`{${eventIds.join(',')}}`}::bigint[])
    on conflict do nothing`);
}

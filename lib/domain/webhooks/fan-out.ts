import { sql, type SQL } from 'drizzle-orm';
import { eventOfSubsidiaries } from '../integrations/events-feed';

/**
 * The insert of a delivery per webhook URL of every integration that gets the events `written` (a set of
 * rows with their id and subsidiary_id, e.g. the events insert's RETURNING): the feed's rule, its
 * subsidiaries or none, and the events:read scope. It runs in the events' own statement
 * (record-event.ts), so a delivery exists exactly when its event committed and no sweep has to find new
 * events later. An integration revoked gets none; a URL disabled after a day of failures gets its rows as
 * 'disabled', ready for a replay.
 */
export function webhookDeliveriesSql(written: SQL): SQL {
  return sql`
    insert into webhook_deliveries (event_id, integration_id, url, status)
    select e.id, i.id, u.url, case when u.url = any(i.disabled_webhook_urls) then 'disabled' else 'pending' end
    from ${written} e
    join integrations i on i.revoked_at is null and cardinality(i.webhook_urls) > 0 and 'events:read' = any(i.scopes)
      and ${eventOfSubsidiaries(sql`i.subsidiary_ids`)}
    cross join lateral unnest(i.webhook_urls) as u(url)
    on conflict do nothing`;
}

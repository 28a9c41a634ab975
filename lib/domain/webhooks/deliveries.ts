import { and, desc, eq, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { events, integrations, webhookDeliveries } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { recordAudit } from '../audit/record';
import { NotFoundError } from '../errors';
import type { DeliveriesQuery, ReplayForm } from './schemas';

async function integrationName(id: number): Promise<string> {
  const [row] = await db.select({ name: integrations.name }).from(integrations).where(eq(integrations.id, id));
  if (!row) throw new NotFoundError('No such integration.');
  return row.name;
}

/** GET /integrations/{id}/deliveries: what the worker sent where, newest first (the admin screen's list). */
export async function listDeliveries(actor: Actor, integrationId: number, query: DeliveriesQuery) {
  assertCan(actor, 'integrations.manage');
  await integrationName(integrationId);
  const data = await db
    .select({
      id: webhookDeliveries.id,
      eventId: sql<string>`${events.xid}::text || '-' || ${events.id}::text`,
      eventType: events.type,
      url: webhookDeliveries.url,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      responseCode: webhookDeliveries.lastResponseCode,
      lastError: webhookDeliveries.lastError,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.integrationId, integrationId), query.status ? eq(webhookDeliveries.status, query.status) : undefined))
    .orderBy(desc(webhookDeliveries.id))
    .limit(query.limit);
  return { data };
}

/**
 * POST /integrations/{id}/deliveries/replay: the delivery named (whatever its status), or every failed or
 * disabled one, is sent again as soon as the worker's next round comes, with the same webhook-id and a fresh
 * retry budget; their endpoints are turned back on. Audited.
 */
export async function replayDeliveries(actor: Actor, integrationId: number, form: ReplayForm) {
  assertCan(actor, 'integrations.manage');
  const name = await integrationName(integrationId);
  return db.transaction(async (tx) => {
    const which = form.deliveryId ? sql`id = ${form.deliveryId}` : sql`status in ('failed', 'disabled')`;
    const { rows } = await tx.execute<{ id: string; url: string }>(sql`
      update webhook_deliveries set status = 'pending', attempts = 0, next_attempt_at = now(), last_error = null
      where integration_id = ${integrationId} and ${which}
      returning id::text as "id", url`);
    if (form.deliveryId && !rows.length) throw new NotFoundError('No such delivery.');
    if (!rows.length) return { replayed: 0, message: 'No failed deliveries to replay.' };
    const urls = [...new Set(rows.map((r) => r.url))];
    await tx.execute(sql`
      update integrations set disabled_webhook_urls = array(
        select u from unnest(disabled_webhook_urls) as u
        where u not in (select jsonb_array_elements_text(${JSON.stringify(urls)}::jsonb)))
      where id = ${integrationId}`);
    await recordAudit(tx, actor, {
      entityType: 'integration',
      entityId: integrationId,
      action: 'webhook.replayed',
      descr: form.deliveryId
        ? `Webhook delivery ${form.deliveryId} of integration ${name} replayed`
        : `${rows.length} failed webhook deliveries of integration ${name} replayed`,
    });
    return { replayed: rows.length, message: `${rows.length} webhook ${rows.length === 1 ? 'delivery' : 'deliveries'} will be sent again` };
  });
}

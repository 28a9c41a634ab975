import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { enqueueInOutbox } from '../../../jobs/enqueue';
import { ROLE_IDS } from '../../auth/roles';

/**
 * A delivery used up its retries: its endpoint (the integration's URL) is disabled, its other waiting
 * deliveries are held as 'disabled' (a replay sends them), and every portal admin is e-mailed through the
 * outbox, in the same transaction. Only the first disabling e-mails.
 */
export async function disableEndpoint(tx: Tx, integrationId: number, url: string, lastError: string): Promise<void> {
  const { rows } = await tx.execute<{ name: string }>(sql`
    update integrations set disabled_webhook_urls = array_append(disabled_webhook_urls, ${url})
    where id = ${integrationId} and not (${url} = any(disabled_webhook_urls))
    returning name`);
  await tx.execute(sql`
    update webhook_deliveries set status = 'disabled'
    where integration_id = ${integrationId} and url = ${url} and status = 'pending'`);
  if (!rows.length) return;
  const admins = await tx.execute<{ email: string }>(sql`
    select email from users where role_id = ${ROLE_IDS.m2_admin} and deleted_at is null order by id`);
  for (const { email } of admins.rows)
    await enqueueInOutbox(tx, 'send-email', {
      to: email,
      template: 'notification',
      data: {
        subject: `Webhook disabled: ${rows[0].name}`,
        lines: [
          `The portal stopped sending webhooks of the integration ${rows[0].name} to ${url}: it failed for about a day.`,
          `The last failure: ${lastError}`,
          'Fix the receiver, then replay the failed deliveries on the integrations screen; that turns the endpoint back on.',
        ],
      },
    });
}

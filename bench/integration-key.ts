import type pg from 'pg';
import { hashApiKey, keyHint, newApiKey } from '../lib/domain/integrations/keys';
import { newWebhookSecret } from '../lib/domain/webhooks/secret';

export type BenchIntegration = { id: number; key: string; secret: string; subsidiaryIds: number[] };

/**
 * An integration for a benchmark, written straight into the database (the admin screen's POST /integrations needs
 * a signed-in admin and adds nothing to what is measured): every subsidiary, both scopes, optionally a webhook URL.
 * Revoke it when done, so later runs send it nothing.
 */
export async function createBenchIntegration(client: pg.Client, name: string, webhookUrl?: string): Promise<BenchIntegration> {
  const key = newApiKey();
  const secret = newWebhookSecret();
  const { rows } = await client.query<{ id: number; subsidiaryIds: number[] }>(
    `insert into integrations (name, subsidiary_ids, scopes, webhook_urls, webhook_secret, key_prefix, key_hash)
     select $1, array_agg(id order by id), array['documents:write', 'events:read'], $2::text[], $3, $4, $5 from subsidiaries
     returning id, subsidiary_ids as "subsidiaryIds"`,
    [name, webhookUrl ? [webhookUrl] : [], secret, keyHint(key), hashApiKey(key)],
  );
  return { id: rows[0].id, key, secret, subsidiaryIds: rows[0].subsidiaryIds };
}

export const revokeBenchIntegration = (client: pg.Client, id: number) =>
  client.query('update integrations set revoked_at = now() where id = $1', [id]);

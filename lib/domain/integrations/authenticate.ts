import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { integrations, type IntegrationScope } from '../../../db/schema';
import { integrationActor, type IntegrationActor } from '../../auth/integration-actor';
import { hashApiKey, KEY_PREFIX } from './keys';

/** Last use is written at most this often per integration: a busy integration costs no write per request. */
const LAST_USE_EVERY_MS = 60_000;

/**
 * The integration a key belongs to, as an actor; null for a malformed, unknown or revoked key. One
 * indexed read per request (a revoked or rotated key fails at its next request), and a write of the
 * last use only when the stored one is over a minute old.
 */
export async function integrationForKey(key: string): Promise<IntegrationActor | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
  const [row] = await db
    .select({
      id: integrations.id,
      name: integrations.name,
      subsidiaryIds: integrations.subsidiaryIds,
      scopes: integrations.scopes,
      lastUsedAt: integrations.lastUsedAt,
    })
    .from(integrations)
    .where(and(eq(integrations.keyHash, hashApiKey(key)), isNull(integrations.revokedAt)));
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USE_EVERY_MS) await touch(row.id);
  return integrationActor(row);
}

async function touch(id: number): Promise<void> {
  // Guarded again in SQL, so concurrent first requests of a minute write once between them.
  await db
    .update(integrations)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(eq(integrations.id, id), or(isNull(integrations.lastUsedAt), lt(integrations.lastUsedAt, sql`now() - interval '1 minute'`))),
    );
}

/** Whether the key's integration may do this. */
export const hasScope = (actor: IntegrationActor, scope: IntegrationScope) => actor.scopes.includes(scope);

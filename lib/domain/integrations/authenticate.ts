import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { db, queryPrepared, statementOf } from '../../../db/client';
import { integrations, type IntegrationScope } from '../../../db/schema';
import { integrationActor, type IntegrationActor } from '../../auth/integration-actor';
import { hashApiKey, KEY_PREFIX } from './keys';

type KeyRow = { id: number; name: string; subsidiaryIds: number[]; scopes: IntegrationScope[]; usedLongAgo: boolean };

/** Last use is written at most this often per integration: a busy integration costs no write per request. */
const LAST_USE_EVERY = sql.raw(`interval '1 minute'`);

/** Every API request makes it: a prepared statement, as the session's user is read (lib/auth/actor.ts), and rendered once. */
const KEY_LOOKUP = statementOf(sql`select ${integrations.id} as "id", ${integrations.name} as "name",
    ${integrations.subsidiaryIds} as "subsidiaryIds", ${integrations.scopes} as "scopes",
    coalesce(${integrations.lastUsedAt} < now() - ${LAST_USE_EVERY}, true) as "usedLongAgo"
  from ${integrations} where ${integrations.keyHash} = ${sql.placeholder('keyHash')} and ${integrations.revokedAt} is null`);

/**
 * The integration a key belongs to, as an actor; null for a malformed, unknown or revoked key. One
 * indexed read per request (a revoked or rotated key fails at its next request), and a write of the
 * last use only when the stored one is over a minute old.
 */
export async function integrationForKey(key: string): Promise<IntegrationActor | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
  const [row] = await queryPrepared<KeyRow>(KEY_LOOKUP, { keyHash: hashApiKey(key) });
  if (!row) return null;
  if (row.usedLongAgo) await touch(row.id);
  return integrationActor(row);
}

async function touch(id: number): Promise<void> {
  // Guarded again in SQL, so concurrent first requests of a minute write once between them.
  await db
    .update(integrations)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(integrations.id, id), or(isNull(integrations.lastUsedAt), lt(integrations.lastUsedAt, sql`now() - ${LAST_USE_EVERY}`))));
}

/** Whether the key's integration may do this. */
export const hasScope = (actor: IntegrationActor, scope: IntegrationScope) => actor.scopes.includes(scope);

import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { integrations, subsidiaries } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { recordAudit } from '../audit/record';
import { NotFoundError, RuleViolationError } from '../errors';
import { hashApiKey, keyHint, newApiKey } from './keys';
import { newWebhookSecret } from '../webhooks/secret';
import type { IntegrationForm } from './schemas';

/** An integration as the admin screen and GET /integrations show it: never the key or its hash. */
export type IntegrationView = {
  id: number;
  name: string;
  subsidiaries: number[];
  /** The subsidiaries' names, in the order of `subsidiaries`: the screen names them without loading every subsidiary. */
  subsidiaryNames: string[];
  scopes: string[];
  webhookUrls: string[];
  /** Webhook URLs turned off after a day of failures (the screen says so; a replay turns them back on). */
  disabledWebhookUrls: string[];
  keyHint: string;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  rotatedAt: Date | null;
};

const VIEW = {
  id: integrations.id,
  name: integrations.name,
  subsidiaries: integrations.subsidiaryIds,
  subsidiaryNames: sql<string[]>`array(select s.name from ${subsidiaries} s where s.id = any(${integrations.subsidiaryIds})
    order by array_position(${integrations.subsidiaryIds}, s.id))`,
  scopes: integrations.scopes,
  webhookUrls: integrations.webhookUrls,
  disabledWebhookUrls: integrations.disabledWebhookUrls,
  keyHint: integrations.keyPrefix,
  lastUsedAt: integrations.lastUsedAt,
  revokedAt: integrations.revokedAt,
  createdAt: integrations.createdAt,
  rotatedAt: integrations.rotatedAt,
};

/**
 * POST /integrations: the key comes back here once; only its hash is kept. So does the webhook signing secret,
 * which is kept as it is: the worker signs with it.
 */
export async function createIntegration(
  actor: Actor,
  form: IntegrationForm,
): Promise<IntegrationView & { key: string; webhookSecret: string }> {
  assertCan(actor, 'integrations.manage');
  const subsidiaryIds = [...new Set(form.subsidiaries)];
  const found = await db.select({ id: subsidiaries.id }).from(subsidiaries).where(inArray(subsidiaries.id, subsidiaryIds));
  if (found.length !== subsidiaryIds.length) {
    const message = 'Unknown subsidiary.';
    throw new RuleViolationError(message, { subsidiaries: [message] });
  }
  const key = newApiKey();
  const webhookSecret = newWebhookSecret();
  const webhookUrls = [...new Set([...(form.webhookUrls ?? []), ...(form.webhookUrl ? [form.webhookUrl] : [])])];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(integrations)
      .values({
        name: form.name,
        subsidiaryIds,
        scopes: [...new Set(form.scopes)],
        webhookUrls,
        keyPrefix: keyHint(key),
        keyHash: hashApiKey(key),
        webhookSecret,
        createdBy: actor.userId,
      })
      .returning(VIEW);
    await recordAudit(tx, actor, {
      entityType: 'integration',
      entityId: row.id,
      action: 'integration.created',
      descr: `Integration ${row.name} created for subsidiaries ${subsidiaryIds.join(', ')} with ${row.scopes.join(', ')}`,
    });
    return { ...row, key, webhookSecret };
  });
}

/** GET /integrations: every integration, revoked ones too (their last use stays visible). */
export async function listIntegrations(actor: Actor): Promise<{ data: IntegrationView[] }> {
  assertCan(actor, 'integrations.manage');
  return { data: await db.select(VIEW).from(integrations).orderBy(asc(integrations.id)) };
}

/** DELETE /integrations/{id}: the key stops working at the next request (it is checked on every one). */
export async function revokeIntegration(actor: Actor, id: number): Promise<{ message: string }> {
  assertCan(actor, 'integrations.manage');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(integrations)
      .set({ revokedAt: sql`coalesce(${integrations.revokedAt}, now())` })
      .where(eq(integrations.id, id))
      .returning({ name: integrations.name });
    if (!row) throw new NotFoundError('No such integration.');
    await recordAudit(tx, actor, {
      entityType: 'integration',
      entityId: id,
      action: 'integration.revoked',
      descr: `Integration ${row.name} revoked`,
    });
    return { message: `${row.name} has been revoked` };
  });
}

/** POST /integrations/{id}/rotate: a new key, shown once; the old one stops working at once. A revoked integration stays revoked. */
export async function rotateIntegrationKey(actor: Actor, id: number): Promise<IntegrationView & { key: string }> {
  assertCan(actor, 'integrations.manage');
  const key = newApiKey();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(integrations)
      .set({ keyHash: hashApiKey(key), keyPrefix: keyHint(key), rotatedAt: sql`now()` })
      .where(and(eq(integrations.id, id), isNull(integrations.revokedAt)))
      .returning(VIEW);
    if (!row) throw new NotFoundError('No such integration, or it is revoked.');
    await recordAudit(tx, actor, {
      entityType: 'integration',
      entityId: id,
      action: 'integration.rotated',
      descr: `Key of integration ${row.name} rotated`,
    });
    return { ...row, key };
  });
}

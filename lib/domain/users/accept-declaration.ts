import { and, eq } from 'drizzle-orm';
import { db } from '../../../db/client';
import { declarations } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { recordActivity } from '../audit/record';
import { ForbiddenError } from '../errors';
import { DECLARATION_VERSION } from './declaration';

/**
 * POST /declaration/status/{id}: the signed-in user ({id} is its own id) accepts the current declaration;
 * who, when and which version are kept. Accepting again changes nothing.
 */
export async function acceptDeclaration(actor: Actor, userId: number, { ip }: { ip?: string } = {}) {
  if (userId !== actor.userId) throw new ForbiddenError('You can only accept the declaration for yourself.');
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ acceptedAt: declarations.acceptedAt })
      .from(declarations)
      .where(and(eq(declarations.userId, userId), eq(declarations.version, DECLARATION_VERSION)));
    if (!existing) {
      await tx.insert(declarations).values({ userId, version: DECLARATION_VERSION, status: 'accepted' });
      await recordActivity(tx, actor, 'accept-declaration', { ip, detail: { version: DECLARATION_VERSION } });
    }
    return { message: 'Declaration accepted', version: DECLARATION_VERSION, redirect: '/' };
  });
}

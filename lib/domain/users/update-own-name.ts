import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '../../../db/client';
import { auditEntries, users } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { displayText } from '../display-text';
import { ForbiddenError, NotFoundError } from '../errors';

export const EMPTY_NAME_MESSAGE = 'You need to write something!';

export const updateOwnNameSchema = z.object({
  id: z.coerce.number().int().positive(),
  name: displayText('The name', { emptyMessage: EMPTY_NAME_MESSAGE }),
});

/** Spec §1: every user may change their own name (PUT /users/{id} with {id, name}). */
export async function updateOwnName(actor: Actor, pathId: number, input: z.infer<typeof updateOwnNameSchema>) {
  if (input.id !== pathId || input.id !== actor.userId) throw new ForbiddenError('You can only change your own name.');
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ name: input.name, updatedAt: sql`now()` })
      .where(and(eq(users.id, actor.userId), isNull(users.deletedAt)))
      .returning({ id: users.id, name: users.name, email: users.email });
    if (!user) throw new NotFoundError('User not found.');
    await tx.insert(auditEntries).values({
      entityType: 'user',
      entityId: user.id,
      action: 'rename',
      descr: `Name changed from "${actor.name}" to "${user.name}"`,
      ownerUserId: actor.userId,
      ownerName: user.name,
    });
    return { ...user, message: `${user.name} has been updated` };
  });
}

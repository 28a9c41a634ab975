import { UnrecoverableError } from 'bullmq';
import { eq } from 'drizzle-orm';
import { db } from '../db/client';
import { users } from '../db/schema';
import { loadActor, type Actor } from '../lib/auth/actor';

/**
 * A user as the actor of background work done for them: their grants as they are now, so a job never
 * reads more than its user may see today. A user who is gone or inactive cannot be served: no retries.
 */
export async function actorOfUser(userId: number): Promise<Actor> {
  const [user] = await db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, userId));
  const actor = user ? await loadActor(userId, user.sessionVersion) : null;
  if (!actor) throw new UnrecoverableError(`user ${userId} is not an active user`);
  return actor;
}

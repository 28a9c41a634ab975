import { eq } from 'drizzle-orm';
import { db } from '../../../db/client';
import { users } from '../../../db/schema';
import { loadActor, type Actor } from '../../auth/actor';

/**
 * The actor a user would be right now, for work the worker does on a user's behalf (an upload, a
 * download): its scope as of now, so a user deactivated or unlinked since the request gets nothing.
 */
export async function actorOfUser(userId: number): Promise<Actor | null> {
  const [user] = await db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, userId));
  return user ? loadActor(userId, user.sessionVersion) : null;
}

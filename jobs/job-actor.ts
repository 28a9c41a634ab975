import { UnrecoverableError } from 'bullmq';
import { actorOfUser, type Actor } from '../lib/auth/actor';

/**
 * The user a job works for, with their grants as they are now. A user gone or made inactive since the job
 * was asked for cannot be served, and waiting will not change that: no retries.
 */
export async function jobActorOf(userId: number): Promise<Actor> {
  const actor = await actorOfUser(userId);
  if (!actor) throw new UnrecoverableError(`user ${userId} is not an active user`);
  return actor;
}

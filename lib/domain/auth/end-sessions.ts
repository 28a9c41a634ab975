import { eq, sql } from 'drizzle-orm';
import { db, type DbOrTx } from '../../../db/client';
import { users } from '../../../db/schema';
import { recordActivity } from '../audit/record';

/*
 * Sessions are signed cookies that live up to 8 hours; ending them early cannot take the cookie back.
 * Each session instead carries the user's session version from when it began, and the actor query
 * (lib/auth/actor.ts) accepts it only while the user's version is still the same. Raising the version
 * ends every existing session of the user at its next request, in every web process at once.
 */

/** The new version, for an update of the user row that also ends its sessions (a password reset). */
export const nextSessionVersion = sql`${users.sessionVersion} + 1`;

/**
 * Ends every session of the user (sign-out, deactivation, a role change). Call it inside the
 * transaction of the change that causes it, so both happen or neither.
 */
export async function endSessions(tx: DbOrTx, userId: number): Promise<void> {
  await tx.update(users).set({ sessionVersion: nextSessionVersion }).where(eq(users.id, userId));
}

/** Sign-out: ends every session of the user, the one signing out and any copy or other device, and records it. */
export async function signOut(actor: { userId: number; email: string }, { ip }: { ip?: string } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await endSessions(tx, actor.userId);
    await recordActivity(tx, actor, 'logout', { ip });
  });
}

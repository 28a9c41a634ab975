import bcrypt from 'bcryptjs';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '../../../db/client';
import { roles, users } from '../../../db/schema';
import { recordActivity } from '../audit/record';
import { RuleViolationError } from '../errors';
import { assertNotThrottled, clearFailures, recordFailure } from './throttle';

export const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().email('Please enter a valid e-mail address.'),
  password: z.string().min(1, 'Please enter your password.').max(200),
});
export type Credentials = z.infer<typeof credentialsSchema>;

export const INVALID_CREDENTIALS = 'These credentials do not match our records.';

// Compared against when the account does not exist, so both paths cost one bcrypt comparison.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', 10);

export type SignedInUser = { id: number; name: string; email: string; roleCode: string; sessionVersion: number };

/**
 * Checks e-mail and password with throttling (./throttle.ts) at the client's real address `ip`, and
 * records the sign-in or the failure with that address. Deactivated users cannot sign in. One
 * transaction, so an address's attempts run one at a time; the failure is committed before it is told.
 */
export async function verifyCredentials(input: Credentials, ip: string): Promise<SignedInUser> {
  const { email, password } = credentialsSchema.parse(input);
  const user = await db.transaction(async (tx) => {
    await assertNotThrottled(tx, email, ip);
    const [found] = await tx
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        hash: users.passwordHash,
        deletedAt: users.deletedAt,
        sessionVersion: users.sessionVersion,
        roleCode: roles.code,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.email, email))
      .limit(1);
    const matches = await bcrypt.compare(password, found?.hash ?? DUMMY_HASH);
    if (!found || !found.hash || !matches || found.deletedAt) {
      await recordFailure(tx, email, ip, found?.id ?? null);
      return null;
    }
    await tx
      .update(users)
      .set({ lastLogin: sql`now()` })
      .where(eq(users.id, found.id));
    await recordActivity(tx, { userId: found.id, email: found.email }, 'login', { ip });
    await clearFailures(email, tx, ip);
    return found;
  });
  if (!user) throw new RuleViolationError(INVALID_CREDENTIALS, { email: [INVALID_CREDENTIALS] });
  return { id: user.id, name: user.name, email: user.email, roleCode: user.roleCode, sessionVersion: user.sessionVersion };
}

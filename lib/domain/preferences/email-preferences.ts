import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db, type DbOrTx } from '../../../db/client';
import { emailPreferences, users } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { EMAIL_PREFERENCE_CODES, EMAIL_PREFERENCE_GROUPS } from './codes';

const codeSchema = z.string().refine((code) => EMAIL_PREFERENCE_CODES.includes(code), 'Unknown e-mail preference code.');

/** PUT /users/preferences/email: {codes, disabled} flips one group of codes (spec §4). */
export const emailPreferenceToggleSchema = z.object({
  codes: z.array(codeSchema, { message: 'codes must be a list of codes.' }).min(1, 'Choose at least one code.').max(50),
  disabled: z.boolean({ message: 'disabled must be true or false.' }),
});
export type EmailPreferenceToggle = z.infer<typeof emailPreferenceToggleSchema>;

/** GET /users/preferences/email/settings: every code with the actor's setting, in its group. */
export async function listEmailPreferences(actor: Actor) {
  const rows = await db
    .select({ code: emailPreferences.code, disabled: emailPreferences.disabled })
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, actor.userId));
  const disabled = new Map(rows.map((r) => [r.code, r.disabled]));
  return EMAIL_PREFERENCE_GROUPS.flatMap(({ group, codes }) =>
    codes.map((code) => ({ code, group, disabled: disabled.get(code) ?? false })),
  );
}

export async function setEmailPreferences(actor: Actor, { codes, disabled }: EmailPreferenceToggle) {
  await db
    .insert(emailPreferences)
    .values(codes.map((code) => ({ userId: actor.userId, code, disabled })))
    .onConflictDoUpdate({
      target: [emailPreferences.userId, emailPreferences.code],
      set: { disabled, updatedAt: sql`now()` },
    });
  return { message: 'E-mail preferences updated', preferences: await listEmailPreferences(actor) };
}

/** Whether the user with this address turned the code off (the worker asks before sending). */
export async function isEmailDisabled(tx: DbOrTx, email: string, code: string): Promise<boolean> {
  const [row] = await tx
    .select({ disabled: emailPreferences.disabled })
    .from(emailPreferences)
    .innerJoin(users, eq(users.id, emailPreferences.userId))
    .where(and(eq(users.email, email.toLowerCase()), inArray(emailPreferences.code, [code])));
  return row?.disabled ?? false;
}

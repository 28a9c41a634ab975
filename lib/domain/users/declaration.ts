import { and, eq } from 'drizzle-orm';
import { db } from '../../../db/client';
import { declarations } from '../../../db/schema';
import { DECLARATION_TEXT, DECLARATION_VERSION } from './declaration-text';

export { DECLARATION_TEXT, DECLARATION_VERSION };

/** Whether the user accepted the current version. */
export async function hasAcceptedDeclaration(userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: declarations.id })
    .from(declarations)
    .where(and(eq(declarations.userId, userId), eq(declarations.version, DECLARATION_VERSION)))
    .limit(1);
  return Boolean(row);
}

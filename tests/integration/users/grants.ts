import { inArray } from 'drizzle-orm';
import { db } from '@/db/client';
import { subsidiaries, users, userSubsidiaries, userVendors, vendors } from '@/db/schema';
import { ROLE_IDS } from '@/lib/auth/roles';
import type { RoleCode } from '@/lib/auth/permissions';
import { uniqueTag } from '../support/fixtures';

/** A grant by code: a vendor or subsidiary, read only or with write. */
export type CodeGrant = [code: string, access: 'read' | 'write'];

/**
 * A user of the test's own (issue 29 suites) with exactly these grants, made in the database: the
 * administrators whose reach and links are under test. Signed in with sessionHeaders(email).
 */
export async function makeUser(
  role: RoleCode,
  grants: { vendors?: CodeGrant[]; subsidiaries?: CodeGrant[]; parentUserId?: number } = {},
): Promise<{ id: number; email: string; name: string }> {
  const tag = uniqueTag().toLowerCase();
  const [user] = await db
    .insert(users)
    .values({
      name: `Grants ${role} ${tag}`,
      email: `${role}.${tag}@grants.test`,
      roleId: ROLE_IDS[role],
      parentUserId: grants.parentUserId,
    })
    .returning({ id: users.id, email: users.email, name: users.name });
  const byCode = async (table: typeof vendors | typeof subsidiaries, list: CodeGrant[]) => {
    const rows = await db
      .select({ id: table.id, code: table.code })
      .from(table)
      .where(
        inArray(
          table.code,
          list.map(([code]) => code),
        ),
      );
    return list.map(([code, access]) => ({ id: rows.find((r) => r.code === code)!.id, write: access === 'write' }));
  };
  if (grants.vendors?.length)
    await db
      .insert(userVendors)
      .values((await byCode(vendors, grants.vendors)).map((g) => ({ userId: user.id, vendorId: g.id, canWrite: g.write })));
  if (grants.subsidiaries?.length)
    await db.insert(userSubsidiaries).values(
      (await byCode(subsidiaries, grants.subsidiaries)).map((g) => ({
        userId: user.id,
        subsidiaryId: g.id,
        canRead: true,
        canWrite: g.write,
      })),
    );
  return user;
}

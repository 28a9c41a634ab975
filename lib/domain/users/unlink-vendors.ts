import { and, eq, inArray } from 'drizzle-orm';
import { db } from '../../../db/client';
import { userVendors } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { endSessions } from '../auth/end-sessions';
import { recordUserChange } from './record-user-change';
import { loadLinkTarget } from './vendor-link-target';

/** DELETE /users/{id}/vendors/{vendorId}/unlink, single or bulk, all or nothing; the user's sessions end. */
export async function unlinkVendors(actor: Actor, userId: number, vendorIds: number[], { ip }: { ip?: string } = {}) {
  assertCan(actor, 'users.manage');
  return db.transaction(async (tx) => {
    const { target, vendors } = await loadLinkTarget(tx, actor, userId, vendorIds, 'unlink');
    await tx.delete(userVendors).where(and(eq(userVendors.userId, userId), inArray(userVendors.vendorId, vendorIds)));
    await endSessions(tx, userId);
    const codes = vendors.map((v) => v.code).sort();
    await recordUserChange(tx, actor, target, 'unlink-vendor', `Unlinked ${target.email} from ${codes.join(', ')}`, {
      ip,
      detail: { vendors: codes },
    });
    return { message: `${target.name} has been unlinked from ${codes.length === 1 ? `vendor ${codes[0]}` : `${codes.length} vendors`}` };
  });
}

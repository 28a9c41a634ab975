import { db } from '../../../db/client';
import { userVendors } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { endSessions } from '../auth/end-sessions';
import { recordUserChange } from './record-user-change';
import { loadLinkTarget } from './vendor-link-target';

/**
 * POST /users/{id}/vendors/{vendorId}/link, `vendorId` one id or a comma-joined list: all of them are
 * linked or none (one transaction). Links already there stay as they are. The user's sessions end, so
 * its next request carries the new vendors.
 */
export async function linkVendors(actor: Actor, userId: number, vendorIds: number[], { ip }: { ip?: string } = {}) {
  assertCan(actor, 'users.manage');
  return db.transaction(async (tx) => {
    const { target, vendors } = await loadLinkTarget(tx, actor, userId, vendorIds, 'link');
    await tx
      .insert(userVendors)
      .values(vendorIds.map((vendorId) => ({ userId, vendorId })))
      .onConflictDoNothing();
    await endSessions(tx, userId);
    const codes = vendors.map((v) => v.code).sort();
    await recordUserChange(tx, actor, target, 'link-vendor', `Linked ${target.email} to ${codes.join(', ')}`, {
      ip,
      detail: { vendors: codes },
    });
    return { message: `${target.name} has been linked to ${codes.length === 1 ? `vendor ${codes[0]}` : `${codes.length} vendors`}` };
  });
}

import { sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { userVendors } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { endSessions } from '../auth/end-sessions';
import { recordUserChange } from './record-user-change';
import type { LinkAccess } from './schemas';
import { loadLinkTarget } from './vendor-link-target';

/**
 * POST /users/{id}/vendors/{vendorId}/link {write}, `vendorId` one id or a comma-joined list: all of
 * them are linked or none (one transaction). A link reads only unless `write` is asked for, and write
 * is refused (403) on a vendor the admin does not write for itself: a link never gives more than the
 * linking admin holds (issue 29). Linking a vendor already linked sets its access to the one asked for.
 * The user's sessions end, so its next request carries the new vendors.
 */
export async function linkVendors(actor: Actor, userId: number, vendorIds: number[], access: LinkAccess, { ip }: { ip?: string } = {}) {
  assertCan(actor, 'users.manage');
  return db.transaction(async (tx) => {
    const { target, vendors } = await loadLinkTarget(tx, actor, userId, vendorIds, 'link', access);
    await tx
      .insert(userVendors)
      .values(vendorIds.map((vendorId) => ({ userId, vendorId, canWrite: access.write })))
      .onConflictDoUpdate({ target: [userVendors.userId, userVendors.vendorId], set: { canWrite: sql`excluded.can_write` } });
    await endSessions(tx, userId);
    const codes = vendors.map((v) => v.code).sort();
    const how = access.write ? 'read and write' : 'read only';
    await recordUserChange(tx, actor, target, 'link-vendor', `Linked ${target.email} to ${codes.join(', ')} (${how})`, {
      ip,
      detail: { vendors: codes, write: access.write },
    });
    return { message: `${target.name} has been linked to ${codes.length === 1 ? `vendor ${codes[0]}` : `${codes.length} vendors`}` };
  });
}

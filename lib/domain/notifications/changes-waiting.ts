import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { notifications, vendors } from '../../../db/schema';
import { actorOfUser } from '../../auth/actor';
import { can } from '../../auth/permissions';
import { wantsCode } from './notify';

const KINDS = {
  item: { noun: 'item change', action: 'changes.approve', path: '/changes' },
  pricing: { noun: 'pricing change', action: 'changes.approve', path: '/changes' },
  masterdata: { noun: 'master-data change', action: 'masterdata.approve', path: '/masterdata' },
} as const;

/**
 * A supplier's changes now wait for approval (`change-waiting`): a notification, in the transaction that stored
 * them, for each retail staff user who may approve them, as their Scope says (approvableChanges: write on a
 * subsidiary the vendor trades with) and their role allows, active and wanting the code; never the requester, who
 * may not decide their own change (maker-checker, lib/domain/changes/lock-changes.ts).
 */
export async function notifyChangesWaiting(
  tx: DbOrTx,
  vendorId: number,
  kind: keyof typeof KINDS,
  count: number,
  requestedBy: number | null,
): Promise<void> {
  if (count < 1) return;
  const { noun, action, path } = KINDS[kind];
  const staff = await tx.execute<{ id: number }>(sql`select u.id from users u join roles r on r.id = u.role_id
    where r.code like 'c\\_%' and ${wantsCode('change-waiting')}
      and u.id is distinct from ${requestedBy}::int
      and exists (select 1 from user_subsidiaries us where us.user_id = u.id and us.can_write)`);
  for (const { id } of staff.rows) {
    const actor = await actorOfUser(id);
    if (!actor || !can(actor, action)) continue;
    const [vendor] = await tx
      .select({ name: vendors.name, code: vendors.code })
      .from(vendors)
      .where(and(eq(vendors.id, vendorId), actor.scope.approvableChanges(vendors.id)));
    if (!vendor) continue;
    await tx.insert(notifications).values({
      userId: id,
      code: 'change-waiting',
      summary: {
        title: `${count} ${noun}${count === 1 ? '' : 's'} awaiting approval`,
        vendor: `${vendor.name} (${vendor.code})`,
        store: null,
        path,
        tab: null,
      },
    });
  }
}

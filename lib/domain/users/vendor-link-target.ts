import { inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { vendors } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { roleKind } from '../../auth/permissions';
import { ConflictError, NotFoundError } from '../errors';
import { assertLinkableVendors, loadAdministeredUser, refuseSelf, type AdministeredUser } from './reach';

export const ACTIVE_STATE_NOT_CHANGED = 'Active state was not changed';

/**
 * What linking and unlinking both check before changing anything (spec §6): the user is a supplier
 * user the actor administers, active, not the actor; every vendor of the request exists and is one the
 * actor may link (with write only where it writes). One bad vendor refuses the whole request.
 */
export async function loadLinkTarget(
  tx: Tx,
  actor: Actor,
  userId: number,
  vendorIds: number[],
  verb: 'link' | 'unlink',
  { write = false }: { write?: boolean } = {},
) {
  refuseSelf(actor, userId, `You cannot ${verb} vendors to yourself.`);
  const target: AdministeredUser = await loadAdministeredUser(tx, actor, userId);
  if (target.deletedAt) throw new ConflictError(`${target.name} is inactive: vendors can only be ${verb}ed for active users.`);
  if (roleKind(target.roleCode) !== 'vendor')
    throw new ConflictError(`${target.name} is not a supplier user: only supplier users are linked to vendors.`);
  const found = await tx.select({ id: vendors.id, code: vendors.code }).from(vendors).where(inArray(vendors.id, vendorIds));
  if (found.length !== vendorIds.length) throw new NotFoundError('Vendor not found.');
  assertLinkableVendors(actor, vendorIds, { write });
  return { target, vendors: found };
}

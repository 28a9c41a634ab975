import { approveChange } from '@/lib/domain/changes/approve-changes';
import { approveBodySchema } from '@/lib/domain/changes/schemas';
import { route } from '@/lib/http/route';

/** POST /changes/item/approve {changeID}: applies one item change; {message}. */
export const POST = route({ allow: 'changes.approve', body: approveBodySchema }, ({ actor, body }) =>
  approveChange(actor, 'item', body.changeID),
);

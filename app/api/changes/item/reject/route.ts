import { rejectChange } from '@/lib/domain/changes/reject-changes';
import { rejectBodySchema } from '@/lib/domain/changes/schemas';
import { route } from '@/lib/http/route';

/** POST /changes/item/reject {changeID, reason}: rejects one item change (comments required); {message}. */
export const POST = route({ allow: 'changes.approve', body: rejectBodySchema }, ({ actor, body }) =>
  rejectChange(actor, 'item', body.changeID, body.reason),
);

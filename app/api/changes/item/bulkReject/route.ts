import { rejectChanges } from '@/lib/domain/changes/reject-changes';
import { bulkRejectBodySchema } from '@/lib/domain/changes/schemas';
import { route } from '@/lib/http/route';

/** POST /changes/item/bulkReject {changeIDs, reason}: {message, successful, failed, failures}. */
export const POST = route({ allow: 'changes.approve', body: bulkRejectBodySchema }, ({ actor, body }) =>
  rejectChanges(actor, 'item', body.changeIDs, body.reason),
);

import { approveChanges } from '@/lib/domain/changes/approve-changes';
import { bulkApproveBodySchema } from '@/lib/domain/changes/schemas';
import { route } from '@/lib/http/route';

/** POST /changes/pricing/bulkApproval {changeIDs, reason}: approves at once; {message, successful, failed, failures}. */
export const POST = route({ allow: 'changes.approve', body: bulkApproveBodySchema }, ({ actor, body }) =>
  approveChanges(actor, 'pricing', body.changeIDs, body.reason),
);

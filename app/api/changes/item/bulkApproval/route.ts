import { requestBulkItemApproval } from '@/lib/domain/changes/approve-in-background';
import { bulkApproveBodySchema } from '@/lib/domain/changes/schemas';
import { json } from '@/lib/http/errors';
import { route } from '@/lib/http/route';

/** POST /changes/item/bulkApproval {changeIDs, reason}: 202 at once; the worker approves them (spec §4). */
export const POST = route({ allow: 'changes.approve', body: bulkApproveBodySchema }, async ({ actor, body }) =>
  json(await requestBulkItemApproval(actor, body.changeIDs, body.reason), 202),
);

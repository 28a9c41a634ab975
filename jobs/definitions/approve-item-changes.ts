import { z } from 'zod';

export const APPROVE_ITEM_CHANGES = 'approve-item-changes';

/** POST /changes/item/bulkApproval's work: who asked (their rights are checked again when it runs) and which changes. */
export const approveItemChangesPayloadSchema = z.object({
  userId: z.number().int().positive(),
  changeIDs: z.array(z.number().int().positive()).min(1),
  reason: z.string().optional(),
});
export type ApproveItemChangesPayload = z.infer<typeof approveItemChangesPayloadSchema>;

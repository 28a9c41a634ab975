import { approveChangesInBatches, type BackgroundApproval } from '../../lib/domain/changes/approve-in-background';
import { approveItemChangesPayloadSchema, type ApproveItemChangesPayload } from '../definitions';
import { outboxProcessor, processOutboxRow, type OutboxJobDefinition, type OutboxOutcome } from '../outbox-job';

/**
 * Approves the item changes of one bulk approval. Idempotent twice over: the outbox row is processed
 * to completion once (outbox-job.ts), and each change is approved only while it is still pending, so
 * a second job for the same changes approves none of them again.
 */
export const approveItemChangesJob: OutboxJobDefinition<ApproveItemChangesPayload, BackgroundApproval> = {
  schema: approveItemChangesPayloadSchema,
  run: (payload, { tx }) => approveChangesInBatches(tx, payload),
};

/** Processes one row directly (tests, tools); the worker goes through the processor below. */
export function processApproveItemChangesRow(outboxId: number): Promise<OutboxOutcome<BackgroundApproval>> {
  return processOutboxRow(outboxId, approveItemChangesJob);
}

export const approveItemChangesProcessor = outboxProcessor(approveItemChangesJob);

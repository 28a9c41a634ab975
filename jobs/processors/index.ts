import type { Job } from 'bullmq';
import type { JobName, OutboxJobData } from '../definitions';
import { sendEmailProcessor } from './send-email';
import { approveItemChangesProcessor } from './approve-item-changes';

/** Job name → processor. Every processor must be idempotent: BullMQ delivers at least once. */
export const processors: Record<JobName, (job: Job<OutboxJobData>) => Promise<unknown>> = {
  'send-email': sendEmailProcessor,
  'approve-item-changes': approveItemChangesProcessor,
};

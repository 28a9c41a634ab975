import type { Job } from 'bullmq';
import type { JobName, OutboxJobData } from '../definitions';
import { sendEmailProcessor } from './send-email';
import { resendOrderProcessor } from './resend-order';
import { historyReportProcessor } from './history-report';
import { vendorReportProcessor } from './vendor-report';
import { catalogueDownloadProcessor } from './catalogue-download';
import { catalogueUploadProcessor } from './catalogue-upload';
import { approveItemChangesProcessor } from './approve-item-changes';

/** Job name → processor. Every processor must be idempotent: BullMQ delivers at least once. */
export const processors: Record<JobName, (job: Job<OutboxJobData>) => Promise<unknown>> = {
  'send-email': sendEmailProcessor,
  'resend-order': resendOrderProcessor,
  'history-report': historyReportProcessor,
  'vendor-report': vendorReportProcessor,
  'catalogue-upload': catalogueUploadProcessor,
  'catalogue-download': catalogueDownloadProcessor,
  'approve-item-changes': approveItemChangesProcessor,
};

import type { z } from 'zod';
import { SEND_EMAIL, sendEmailPayloadSchema } from './send-email';
import { RESEND_ORDER, resendOrderPayloadSchema } from './resend-order';
import { HISTORY_REPORT, historyReportPayloadSchema } from './history-report';
import { VENDOR_REPORT, vendorReportPayloadSchema } from './vendor-report';
import { CATALOGUE_DOWNLOAD, catalogueDownloadPayloadSchema } from './catalogue-download';
import { CATALOGUE_UPLOAD, catalogueUploadPayloadSchema } from './catalogue-upload';
import { APPROVE_ITEM_CHANGES, approveItemChangesPayloadSchema } from './approve-item-changes';

/** Job name → payload schema. The outbox `kind` column holds these names; web and worker share this map. */
export const jobSchemas = {
  [SEND_EMAIL]: sendEmailPayloadSchema,
  [RESEND_ORDER]: resendOrderPayloadSchema,
  [HISTORY_REPORT]: historyReportPayloadSchema,
  [VENDOR_REPORT]: vendorReportPayloadSchema,
  [CATALOGUE_UPLOAD]: catalogueUploadPayloadSchema,
  [CATALOGUE_DOWNLOAD]: catalogueDownloadPayloadSchema,
  [APPROVE_ITEM_CHANGES]: approveItemChangesPayloadSchema,
} as const;

export type JobName = keyof typeof jobSchemas;
export type JobPayload<K extends JobName> = z.input<(typeof jobSchemas)[K]>;

/**
 * What a BullMQ job carries: the outbox row id (the payload stays in PostgreSQL, the single source) and the
 * id of the request that enqueued it, for the worker's log line.
 */
export type OutboxJobData = { outboxId: number; requestId?: string };

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(jobSchemas, name);
}

export { SEND_EMAIL, sendEmailPayloadSchema, type SendEmailPayload } from './send-email';
export { RESEND_ORDER, resendOrderPayloadSchema, type ResendOrderPayload } from './resend-order';
export { HISTORY_REPORT, historyReportPayloadSchema, type HistoryReportPayload } from './history-report';
export { APPROVE_ITEM_CHANGES, approveItemChangesPayloadSchema, type ApproveItemChangesPayload } from './approve-item-changes';

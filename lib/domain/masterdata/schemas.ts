import { z } from 'zod';
import { pageParam, pageSizeParam } from '../paging';
import { sortParams } from '../sorting';

/** Master-data change inputs (spec §3 master-data change record, §7 Master data). */

/** Contract with the catalogue uploads (issue 12) and vendor data edits (issue 11). */
export const EVENT_TYPES = ['items.upload', 'pricing.upload', 'vendor.update'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const RECORD_STATUSES = ['processing', 'pending', 'approved', 'rejected', 'failed'] as const;

export const REASON_REQUIRED = 'Please enter a reason';
export const PROCESS_RUNNING = 'Please try again after few minutes, there is a background process in progress';

/** The columns the master-data list sorts by over every page; without one, newest first. */
export const HISTORY_SORT_KEYS = ['event_type', 'created_at'] as const;

export const historyFilterSchema = z.object({
  search: z.string().trim().max(100, 'search may be at most 100 characters.').optional(),
  event_type: z.enum(EVENT_TYPES, { message: `event_type must be one of: ${EVENT_TYPES.join(', ')}.` }).optional(),
  status: z.enum(['all', ...RECORD_STATUSES], { message: `status must be one of: all, ${RECORD_STATUSES.join(', ')}.` }).default('all'),
  pageLimit: pageSizeParam('pageLimit', 10, 250),
  page: pageParam(),
  ...sortParams(HISTORY_SORT_KEYS),
});
export type HistoryFilter = z.infer<typeof historyFilterSchema>;

const recordKey = {
  process_id: z.string().trim().min(1, 'process_id is required.').max(100, 'process_id may be at most 100 characters.'),
  event_type: z.enum(EVENT_TYPES, { message: `event_type must be one of: ${EVENT_TYPES.join(', ')}.` }),
  /** The status the screen showed; when it is no longer the record's status the call is refused (someone else acted). */
  status: z.enum(RECORD_STATUSES, { message: `status must be one of: ${RECORD_STATUSES.join(', ')}.` }).optional(),
};

export const approveRecordSchema = z.object(recordKey);
export type ApproveRecord = z.infer<typeof approveRecordSchema>;
export const rejectRecordSchema = z.object({
  ...recordKey,
  reason: z.string({ message: REASON_REQUIRED }).trim().min(1, REASON_REQUIRED).max(1000, 'The reason may be at most 1000 characters.'),
});
export type RejectRecord = z.infer<typeof rejectRecordSchema>;

/** The rows an upload carries, a page at a time (GET /masterdata/history/rows). */
export const UPLOAD_ROWS_PAGE_SIZE = 10;
export const uploadRowsQuerySchema = z.object({
  process_id: recordKey.process_id,
  event_type: z.enum(['items.upload', 'pricing.upload'], { message: 'event_type must be one of: items.upload, pricing.upload.' }),
  pageLimit: pageSizeParam('pageLimit', UPLOAD_ROWS_PAGE_SIZE, 100),
  page: pageParam(),
});
export type UploadRowsQuery = z.infer<typeof uploadRowsQuerySchema>;

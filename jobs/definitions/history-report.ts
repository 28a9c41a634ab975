import { z } from 'zod';
import { historyReportFilterSchema } from '../../lib/domain/history/schemas';

export const HISTORY_REPORT = 'history-report';

/**
 * A history report too large to stream to the browser: built by the worker under the requester's own
 * scope and e-mailed to them. The filter is stored as the query text the screen sent (parsed again here).
 */
export const historyReportPayloadSchema = z.object({
  userId: z.number().int().positive(),
  query: z.record(z.string(), z.string()),
});
export type HistoryReportPayload = z.infer<typeof historyReportPayloadSchema>;

export const parseReportQuery = (query: Record<string, string>) => historyReportFilterSchema.parse(query);

import type { Readable } from 'node:stream';
import { db } from '../../../db/client';
import { enqueueInOutbox } from '../../../jobs/enqueue';
import { nudgeOutbox } from '../../../jobs/outbox-relay';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { xlsxReadable } from '../../exports/xlsx';
import { recordActivity } from '../audit/record';
import { countHistory, historySearch } from './queries';
import { historyReportSheet, REPORT_FILE_NAME } from './report-columns';
import { downloadReportBatches } from './report-rows';
import type { HistoryReportFilter } from './schemas';

/** Above this many rows the worker builds the report and e-mails it (spec §9: within 5 minutes). */
export const REPORT_STREAM_ROW_LIMIT = 200_000;
export const REPORT_EMAILED_MESSAGE = 'Portal Report should be sent to your email within 5 minutes';

export type HistoryReport =
  { kind: 'stream'; fileName: string; rows: number; stream: Readable } | { kind: 'emailed'; rows: number; message: string };

/**
 * GET /history/createReport: the history search as portal_report.xlsx. Up to `rowLimit` rows it is
 * streamed (rows read a batch at a time, each on a connection taken and given back, and written as they
 * come, paced by the reader); above it a
 * background job builds it under the requester's scope and e-mails it. `query` is the request's own
 * filter text, kept for the job. Either way the request is recorded as the user's activity.
 */
export async function createHistoryReport(
  actor: Actor,
  filter: HistoryReportFilter,
  query: Record<string, string>,
  { rowLimit = REPORT_STREAM_ROW_LIMIT, ip }: { rowLimit?: number; ip?: string } = {},
): Promise<HistoryReport> {
  assertCan(actor, 'history.report');
  // Counted only up to one past the limit where no counter holds the filter: that is all the choice needs.
  const rows = await countHistory((await historySearch(actor.scope, filter, { cap: rowLimit })).total);
  const emailed = rows > rowLimit;
  await db.transaction(async (tx) => {
    if (emailed) await enqueueInOutbox(tx, 'history-report', { userId: actor.userId, query });
    await recordActivity(tx, actor, 'export', { detail: { report: REPORT_FILE_NAME, rows, emailed, filter: query }, ip });
  });
  if (emailed) {
    nudgeOutbox();
    return { kind: 'emailed', rows, message: REPORT_EMAILED_MESSAGE };
  }
  const stream = xlsxReadable([historyReportSheet(await downloadReportBatches(actor.scope, filter))]);
  return { kind: 'stream', fileName: REPORT_FILE_NAME, rows, stream };
}

import { createHistoryReport } from '@/lib/domain/history/create-report';
import { historyReportFilterSchema } from '@/lib/domain/history/schemas';
import { xlsxResponse } from '@/lib/exports/xlsx';
import { clientIp } from '@/lib/http/client-ip';
import { json } from '@/lib/http/errors';
import { route } from '@/lib/http/route';

/** The filter as the request sent it (empty values dropped), for a report the worker builds later. */
const queryText = (req: Request) => Object.fromEntries([...new URL(req.url).searchParams].filter(([, v]) => v !== ''));

/**
 * GET /history/createReport?{history filter}: portal_report.xlsx streamed as it is written; above the row
 * limit 202 with the message that it will be e-mailed.
 */
export const GET = route({ allow: 'history.report', query: historyReportFilterSchema }, async ({ req, actor, query }) => {
  const report = await createHistoryReport(actor, query, queryText(req), { ip: clientIp(req) });
  if (report.kind === 'emailed') return json({ message: report.message, rows: report.rows }, 202);
  return xlsxResponse(report.stream, report.fileName, { 'X-Report-Rows': String(report.rows) });
});

import { Readable } from 'node:stream';
import { createHistoryReport } from '@/lib/domain/history/create-report';
import { historyReportFilterSchema } from '@/lib/domain/history/schemas';
import { XLSX_CONTENT_TYPE } from '@/lib/exports/history-report-xlsx';
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
  return new Response(Readable.toWeb(report.stream) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': XLSX_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="${report.fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Report-Rows': String(report.rows),
    },
  });
});

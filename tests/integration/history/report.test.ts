import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { GET as reportRoute } from '@/app/api/history/createReport/route';
import { db, pool } from '@/db/client';
import { outbox, userActivities } from '@/db/schema';
import { closeTransport } from '@/emails/transport';
import { processOutboxRow } from '@/jobs/outbox-job';
import { closeQueue } from '@/jobs/queue';
import { historyReportJob } from '@/jobs/processors/history-report';
import { createHistoryReport } from '@/lib/domain/history/create-report';
import { historyReportFilterSchema } from '@/lib/domain/history/schemas';
import { env } from '@/lib/env';
import { REPORT_COLUMNS } from '@/lib/domain/history/report-columns';
import { actorFor, userId } from '../support/actors';
import { TestSmtpServer } from '../support/smtp';
import { countOf, get, RETAIL_USER, STAFF, SUPPLIER, subsidiaryId } from './helpers';

const smtp = new TestSmtpServer();

beforeAll(async () => {
  await smtp.start();
  env.SMTP_URL = smtp.url;
});

afterAll(async () => {
  await db.delete(outbox).where(eq(outbox.kind, 'history-report'));
  await closeQueue();
  closeTransport();
  await smtp.stop();
  await pool.end();
});

async function sheetOf(content: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

async function exportsOf(email: string) {
  const rows = await db
    .select()
    .from(userActivities)
    .where(eq(userActivities.userId, await userId(email)))
    .orderBy(userActivities.id);
  return rows.filter((r) => r.activity === 'export').map((r) => r.detail);
}

const dataRows = (sheet: ExcelJS.Worksheet) => sheet.getSheetValues().slice(2) as unknown[][];

describe('GET /history/createReport', () => {
  it('streams portal_report.xlsx whose headers, row count and values match the database', async () => {
    const exportsBefore = await exportsOf(STAFF);
    const response = await get(reportRoute, '/api/history/createReport?xdocTypeCode=invoice&sort=docno', STAFF);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="portal_report.xlsx"');
    const sheet = await sheetOf(Buffer.from(await response.arrayBuffer()));
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(REPORT_COLUMNS.map((c) => c.header));
    const rows = dataRows(sheet);
    expect(rows).toHaveLength(await countOf(`x.xdoc_type_code = 'invoice' and x.xdoc_sub_type_code is distinct from 'creditnote'`));
    const { rows: db3 } = await pool.query(
      `select x.docno, x.doc_date::text as doc_date, x.xdoc_total_incl::text as total, v.code as vendor, s.name as subsidiary, x.wf_status_code as wf,
         x.xdoc_sub_type_code = 'creditnote' as credit
       from xdocs x join vendors v on v.id = x.vendor_id join subsidiaries s on s.id = x.subsidiary_id
       where x.xdoc_type_code = 'invoice' and x.xdoc_sub_type_code is distinct from 'creditnote' order by x.docno, x.id limit 3`,
    );
    for (const [i, expected] of db3.entries()) {
      const row = rows[i]!;
      expect(row[1]).toBe(expected.docno);
      // A credit note reads as one, its amount negative so the column adds up (issue 27).
      expect(row[3]).toBe(expected.credit ? 'Credit note' : 'Invoice');
      expect(row[5]).toBe(expected.wf === 'responded' ? 'Processed' : expected.wf === 'received' ? 'Processing' : expected.wf);
      expect((row[6] as Date).toISOString().slice(0, 10)).toBe(expected.doc_date);
      expect(row[9]).toBe(expected.subsidiary);
      expect(row[10]).toBe(expected.vendor);
      expect(row[15]).toBe(expected.credit ? -Number(expected.total) : Number(expected.total));
    }
    const exportsAfter = await exportsOf(STAFF);
    expect(exportsAfter).toHaveLength(exportsBefore.length + 1);
    expect(exportsAfter.at(-1)).toMatchObject({
      report: 'portal_report.xlsx',
      rows: rows.length,
      emailed: false,
      filter: { xdocTypeCode: 'invoice', sort: 'docno' },
    });
  });

  it('gives a c_user only its own subsidiary’s documents', async () => {
    const response = await get(reportRoute, '/api/history/createReport', RETAIL_USER);
    expect(response.status).toBe(200);
    const rows = dataRows(await sheetOf(Buffer.from(await response.arrayBuffer())));
    expect(rows).toHaveLength(await countOf('x.subsidiary_id = $1', [await subsidiaryId('SUB01')]));
    expect(new Set(rows.map((r) => r[9]))).toEqual(new Set(['Protea Supermarkets']));
  });

  it('refuses bad filters and suppliers', async () => {
    expect((await get(reportRoute, '/api/history/createReport?vendorCode=V0001', STAFF)).status).toBe(422);
    expect((await get(reportRoute, '/api/history/createReport?fromDate=yesterday', STAFF)).status).toBe(422);
    expect((await get(reportRoute, '/api/history/createReport', SUPPLIER)).status).toBe(403);
  });

  it('above the row limit, has the worker build it under the requester’s scope and e-mail it', async () => {
    const actor = await actorFor(RETAIL_USER);
    const query = { xdocTypeCode: 'order' };
    const report = await createHistoryReport(actor, historyReportFilterSchema.parse(query), query, { rowLimit: 5 });
    expect(report).toEqual({
      kind: 'emailed',
      rows: await countOf(`x.xdoc_type_code = 'order' and x.subsidiary_id = $1`, [await subsidiaryId('SUB01')]),
      message: 'Portal Report should be sent to your email within 5 minutes',
    });
    const [row] = await db.select().from(outbox).where(eq(outbox.kind, 'history-report'));
    expect(row!.payload).toEqual({ userId: actor.userId, query });
    const outcome = await processOutboxRow(row!.id, historyReportJob);
    expect(outcome).toEqual({ status: 'done', result: { rows: report.rows } });
    const [mail] = smtp.to(actor.email);
    expect(mail!.subject).toBe('Your portal report');
    const part = mail!.raw.split(/\r?\n--/).find((p) => p.includes('portal_report.xlsx'))!;
    const content = Buffer.from(
      part
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('')
        .replace(/\s/g, ''),
      'base64',
    );
    expect(dataRows(await sheetOf(content))).toHaveLength(report.rows);
  });
});

describe('credit notes in the report (issue 27)', () => {
  it('names a credit note as one and gives it negative totals, so the column of invoices and credit notes adds up', async () => {
    const { rows: credits } = await pool.query(
      `select x.docno, x.doc_date::text as day, x.xdoc_total_excl::text as excl, x.xdoc_total_incl::text as incl from xdocs x
       where x.xdoc_type_code = 'invoice' and x.xdoc_sub_type_code = 'creditnote' and x.xdoc_total_incl > 0 order by x.id limit 1`,
    );
    expect(credits).toHaveLength(1);
    const [credit] = credits;
    const day = `fromDate=${credit.day}&toDate=${credit.day}`;
    const response = await get(reportRoute, `/api/history/createReport?xdocTypeCode=creditnote&${day}`, STAFF);
    expect(response.status).toBe(200);
    const row = dataRows(await sheetOf(Buffer.from(await response.arrayBuffer()))).find((r) => r[1] === credit.docno)!;
    expect(row[3]).toBe('Credit note');
    expect(row[14]).toBe(-Number(credit.excl));
    expect(row[15]).toBe(-Number(credit.incl));
  });
});

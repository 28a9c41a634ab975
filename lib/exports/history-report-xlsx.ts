// portal_report.xlsx (spec §9): written row by row with exceljs's streaming WorkbookWriter, a batch at a
// time, so a report of any size is never held in memory. No Next or database imports: the web process
// streams it to the browser, the worker to a file it e-mails.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { labelForWfStatus } from '../format/dates';

export const REPORT_FILE_NAME = 'portal_report.xlsx';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One row as the report query selects it: dates as yyyy-mm-dd text, money as exact text. */
export type HistoryReportRow = {
  docno: string;
  orderno: string | null;
  xdocTypeCode: string;
  xdocSubTypeCode: string | null;
  wfStatusCode: string;
  docDate: string;
  deliveryDate: string | null;
  storeName: string | null;
  subsidiaryName: string;
  vendorCode: string;
  vendorName: string;
  regionName: string | null;
  divisionName: string | null;
  xdocTotalExcl: string;
  xdocTotalIncl: string;
};

/** The 15 columns, headers as the sheet shows them. */
export const REPORT_COLUMNS: { header: string; key: keyof HistoryReportRow; width: number }[] = [
  { header: 'Document number', key: 'docno', width: 16 },
  { header: 'Order number', key: 'orderno', width: 16 },
  { header: 'Document type', key: 'xdocTypeCode', width: 14 },
  { header: 'Sub type', key: 'xdocSubTypeCode', width: 12 },
  { header: 'Status', key: 'wfStatusCode', width: 12 },
  { header: 'Document date', key: 'docDate', width: 13 },
  { header: 'Delivery date', key: 'deliveryDate', width: 13 },
  { header: 'Store', key: 'storeName', width: 24 },
  { header: 'Subsidiary', key: 'subsidiaryName', width: 24 },
  { header: 'Vendor code', key: 'vendorCode', width: 12 },
  { header: 'Vendor name', key: 'vendorName', width: 28 },
  { header: 'Region', key: 'regionName', width: 18 },
  { header: 'Division', key: 'divisionName', width: 18 },
  { header: 'Total excl (R)', key: 'xdocTotalExcl', width: 14 },
  { header: 'Total incl (R)', key: 'xdocTotalIncl', width: 14 },
];

const asDate = (iso: string | null) => (iso ? new Date(`${iso}T00:00:00Z`) : null);

function cells(row: HistoryReportRow): unknown[] {
  return REPORT_COLUMNS.map(({ key }) => {
    if (key === 'docDate' || key === 'deliveryDate') return asDate(row[key]);
    if (key === 'xdocTotalExcl' || key === 'xdocTotalIncl') return Number(row[key]);
    if (key === 'wfStatusCode') return labelForWfStatus(row[key]);
    return row[key];
  });
}

/**
 * Waits while the destination's buffer is full (a slow reader), or until it is closed. The zip's
 * compression runs off the main thread, so the rows just committed reach `out` a turn or more later:
 * let them arrive before looking.
 */
async function roomIn(out: Writable): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  if (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')]);
}

/**
 * Writes the report to `out` from batches of rows: each row is committed (handed to the zip stream) as
 * it is added, and the next batch is only asked for when `out` has room, so a slow download slows the
 * database cursor instead of filling memory. Stops early, without error, when `out` is destroyed.
 * Returns the number of rows written.
 */
export async function writeHistoryReport(batches: AsyncIterable<HistoryReportRow[]>, out: Writable): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Documents', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = REPORT_COLUMNS.map(({ header, key, width }) => ({
    header,
    key,
    width,
    style:
      key === 'docDate' || key === 'deliveryDate'
        ? { numFmt: 'dd-mm-yyyy' }
        : key === 'xdocTotalExcl' || key === 'xdocTotalIncl'
          ? { numFmt: '#,##0.00' }
          : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let written = 0;
  for await (const batch of batches) {
    if (out.destroyed) return written;
    for (const row of batch) sheet.addRow(cells(row)).commit();
    written += batch.length;
    await roomIn(out);
  }
  sheet.commit();
  await workbook.commit();
  return written;
}

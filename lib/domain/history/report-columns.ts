// portal_report.xlsx (spec §9): the history report's columns and how a row fills them; written by the
// shared streaming writer (lib/exports/xlsx.ts), by the web process to the browser and by the worker to a
// file it e-mails.
import { XLSX_DATE_FORMAT, xlsxDate, xlsxSheet, type XlsxColumn, type XlsxSheet } from '../../exports/xlsx';
import { documentLabel, documentStatusLabel, subTypeLabel } from '../../vocabulary';
import { signedAmount } from '../documents/signed-amount';

export const REPORT_FILE_NAME = 'portal_report.xlsx';

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

const asDate = xlsxDate;
const DATE = XLSX_DATE_FORMAT;
const MONEY = '#,##0.00';

/** The 15 columns, headers as the sheet shows them; dates and amounts as real dates and numbers. */
export const REPORT_COLUMNS: XlsxColumn<HistoryReportRow>[] = [
  { header: 'Document number', width: 16, value: (r) => r.docno },
  { header: 'Order number', width: 16, value: (r) => r.orderno },
  { header: 'Document type', width: 16, value: (r) => documentLabel(r) },
  { header: 'Sub type', width: 12, value: (r) => subTypeLabel(r.xdocSubTypeCode) },
  { header: 'Status', width: 12, value: (r) => documentStatusLabel(r.wfStatusCode) },
  { header: 'Document date', width: 13, numFmt: DATE, value: (r) => asDate(r.docDate) },
  { header: 'Delivery date', width: 13, numFmt: DATE, value: (r) => asDate(r.deliveryDate) },
  { header: 'Store', width: 24, value: (r) => r.storeName },
  { header: 'Subsidiary', width: 24, value: (r) => r.subsidiaryName },
  { header: 'Vendor code', width: 12, value: (r) => r.vendorCode },
  { header: 'Vendor name', width: 28, value: (r) => r.vendorName },
  { header: 'Region', width: 18, value: (r) => r.regionName },
  { header: 'Division', width: 18, value: (r) => r.divisionName },
  { header: 'Total excl (R)', width: 14, numFmt: MONEY, value: (r) => Number(signedAmount(r, r.xdocTotalExcl)) },
  { header: 'Total incl (R)', width: 14, numFmt: MONEY, value: (r) => Number(signedAmount(r, r.xdocTotalIncl)) },
];

/** The report's one sheet, 'Documents', its header row frozen. */
export const historyReportSheet = (batches: AsyncIterable<HistoryReportRow[]>): XlsxSheet =>
  xlsxSheet('Documents', REPORT_COLUMNS, batches, { frozenHeader: true });

import { xlsxBuffer, xlsxSheet } from '../../exports/xlsx';
import type { RowError } from './row-rules';
import { catalogueColumnLabel } from '../masterdata/vocabulary';

type ReportLine = { row: number | null; column: string; error: string };

const REPORT_COLUMNS = [
  { header: 'Row', width: 8, value: (e: ReportLine) => e.row },
  // A problem of the whole file (a missing column, an unreadable file) is not one column's.
  { header: 'Column', width: 18, value: (e: ReportLine) => (e.column === 'file' ? 'File' : catalogueColumnLabel(e.column)) },
  { header: 'Error', width: 70, value: (e: ReportLine) => e.error },
];

/**
 * The uploader's error report: one line per problem, with the row number as the spreadsheet shows it, and a
 * last line counting the errors past the listed ones. Written by exceljs's streaming writer (lib/exports/xlsx.ts);
 * the list is capped (UPLOAD_LIMITS.listedErrors), so the stored workbook stays small.
 */
export function uploadErrorsWorkbook(errors: readonly RowError[], unlisted = 0): Promise<Buffer> {
  const more: ReportLine[] = unlisted
    ? [{ row: null, column: '', error: `${unlisted.toLocaleString('en')} more errors are not listed.` }]
    : [];
  return xlsxBuffer([xlsxSheet<ReportLine>('Errors', REPORT_COLUMNS, [errors, more])]);
}

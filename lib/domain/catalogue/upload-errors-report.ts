import { xlsxBuffer, xlsxSheet } from '../../exports/xlsx';
import type { RowError } from './row-rules';

const REPORT_COLUMNS = [
  { header: 'row', width: 8, value: (e: RowError) => e.row },
  { header: 'column', width: 18, value: (e: RowError) => e.column },
  { header: 'error', width: 70, value: (e: RowError) => e.error },
];

/** The uploader's error report: one line per problem, with the row number as the spreadsheet shows it. */
export function uploadErrorsWorkbook(errors: readonly RowError[]): Promise<Buffer> {
  return xlsxBuffer([xlsxSheet('Errors', REPORT_COLUMNS, [errors])]);
}

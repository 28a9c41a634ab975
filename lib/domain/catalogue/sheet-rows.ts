import { Readable } from 'node:stream';
import { parse } from '@fast-csv/parse';
import ExcelJS from 'exceljs';

/** One row of an uploaded sheet: its row number as a spreadsheet shows it, and its cells as text. */
export type SheetRow = { rowNumber: number; cells: string[] };

/** A cell as text: numbers as written, dates as yyyy-mm-dd, rich text and formula results by their text. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const cell = value as { richText?: { text: string }[]; result?: unknown; text?: unknown };
    if (cell.richText) return cell.richText.map((part) => part.text).join('');
    if ('result' in cell) return cellText(cell.result);
    if (cell.text !== undefined) return cellText(cell.text);
    return '';
  }
  return String(value).trim();
}

/**
 * Reads before the first row that may fail for nothing in the file: exceljs's streaming reader iterates
 * the zip's entries through its own stream helper (utils/iterate-stream.js), which now and then (about
 * one read in 2,000, more under load) loses the last entry, and when that entry is xl/workbook.xml the
 * reader throws (`this.model` undefined) before any row. The bytes are in memory, so it reads them again.
 */
const XLSX_READS = 3;

/** The first sheet of a workbook, row by row; a read that fails before its first row is tried again (XLSX_READS). */
async function* xlsxRows(bytes: Buffer): AsyncGenerator<SheetRow> {
  for (let read = 1; ; read++) {
    let yielded = false;
    try {
      for await (const row of xlsxRowsOnce(bytes)) {
        yielded = true;
        yield row;
      }
      return;
    } catch (error) {
      if (yielded || read >= XLSX_READS) throw error;
    }
  }
}

/** The first sheet of a workbook, row by row, through exceljs's streaming reader. */
async function* xlsxRowsOnce(bytes: Buffer): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      yield { rowNumber: row.number, cells: Array.from(values, cellText) };
    }
    return; // only the first sheet is read
  }
}

/** A CSV file row by row (a UTF-8 byte-order mark is dropped; rows are numbered by line). */
async function* csvRows(bytes: Buffer): AsyncGenerator<SheetRow> {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const parser = Readable.from([bytes.subarray(start)]).pipe(parse({ ignoreEmpty: false, trim: true, strictColumnHandling: false }));
  let rowNumber = 0;
  for await (const cells of parser as AsyncIterable<string[]>) yield { rowNumber: ++rowNumber, cells };
}

/**
 * The rows of an uploaded xlsx or csv file, one at a time (never the whole sheet in memory); rows with
 * no text in any cell are skipped. Throws when the file cannot be read as what it claims to be.
 */
export async function* sheetRows(bytes: Buffer, kind: 'xlsx' | 'csv'): AsyncGenerator<SheetRow> {
  for await (const row of kind === 'xlsx' ? xlsxRows(bytes) : csvRows(bytes)) {
    if (row.cells.some((cell) => cell !== '')) yield row;
  }
}

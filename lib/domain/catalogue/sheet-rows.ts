import { Readable, Transform } from 'node:stream';
import { parse } from '@fast-csv/parse';
import ExcelJS from 'exceljs';
import { tooManyStrings, tooMuchText, UPLOAD_LIMITS, UploadRefusedError } from './upload-limits';

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
      if (yielded || read >= XLSX_READS || error instanceof UploadRefusedError) throw error;
    }
  }
}

/** The parts of exceljs's streaming reader (4.x) that inflate a zip entry into what it keeps or parses. */
type ReaderInternals = {
  sharedStrings?: unknown[];
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(chunks: AsyncIterable<Buffer>, sheetNo: string): Generator<unknown>;
};

/** Passes the shared strings' text on until it passes its limits (bytes of XML, bound on the characters, and strings kept). */
function boundedStrings(entry: Readable, reader: ReaderInternals): Readable {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > UPLOAD_LIMITS.sharedStringsBytes) done(tooMuchText("The workbook's shared texts take", UPLOAD_LIMITS.sharedStringsBytes));
      else if ((reader.sharedStrings?.length ?? 0) > UPLOAD_LIMITS.sharedStrings) done(tooManyStrings());
      else done(null, chunk);
    },
  });
  entry.on('error', (error) => counter.destroy(error));
  return entry.pipe(counter);
}

/** Passes a sheet's XML on until it passes the limit of one part. */
async function* boundedSheet(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.length;
    if (bytes > UPLOAD_LIMITS.partBytes) throw tooMuchText("The workbook's sheet takes", UPLOAD_LIMITS.partBytes);
    yield chunk;
  }
}

/**
 * exceljs's streaming reader with the upload limits applied to what it really inflates, whatever sizes the
 * zip states: it would otherwise keep every shared string however many (issue 29: 104 MB of them from a
 * 400 KB file ran the worker out of memory), and parse a sheet however large.
 */
function boundedReader(bytes: Buffer): ExcelJS.stream.xlsx.WorkbookReader {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const internals = reader as unknown as ReaderInternals;
  const parseStrings = internals._parseSharedStrings.bind(reader);
  const parseSheet = internals._parseWorksheet.bind(reader);
  internals._parseSharedStrings = (entry) => parseStrings(boundedStrings(entry, internals));
  internals._parseWorksheet = (chunks, sheetNo) => parseSheet(boundedSheet(chunks), sheetNo);
  return reader;
}

/** The first sheet of a workbook, row by row, through exceljs's streaming reader within the upload limits. */
async function* xlsxRowsOnce(bytes: Buffer): AsyncGenerator<SheetRow> {
  const reader = boundedReader(bytes);
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      yield { rowNumber: row.number, cells: Array.from(values, cellText) };
    }
    return; // only the first sheet is read
  }
}

const CSV_CHUNK = 64 * 1024;

/** The bytes in slices: the parser then reads only as far as its reader asks, not the whole file into rows at once. */
function* slices(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += CSV_CHUNK) yield bytes.subarray(at, at + CSV_CHUNK);
}

/** A CSV file row by row (a UTF-8 byte-order mark is dropped; rows are numbered by line). */
async function* csvRows(bytes: Buffer): AsyncGenerator<SheetRow> {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const parser = Readable.from(slices(bytes.subarray(start))).pipe(parse({ ignoreEmpty: false, trim: true, strictColumnHandling: false }));
  let rowNumber = 0;
  for await (const cells of parser as AsyncIterable<string[]>) yield { rowNumber: ++rowNumber, cells };
}

/**
 * The rows of an uploaded xlsx or csv file, one at a time (never the whole sheet in memory); rows with
 * no text in any cell are skipped. Throws when the file cannot be read as what it claims to be, and
 * UploadRefusedError when a workbook passes the upload limits while it is read.
 */
export async function* sheetRows(bytes: Buffer, kind: 'xlsx' | 'csv'): AsyncGenerator<SheetRow> {
  for await (const row of kind === 'xlsx' ? xlsxRows(bytes) : csvRows(bytes)) {
    if (row.cells.some((cell) => cell !== '')) yield row;
  }
}

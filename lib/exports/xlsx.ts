// The one xlsx writer (exceljs's streaming WorkbookWriter): every workbook the portal makes, downloaded,
// e-mailed or stored, is written here a batch of rows at a time, so none is ever held in memory as rows.
// No Next or database imports: the web process and the worker both use it.
import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { CONTENT_TYPES } from '../files/file-kind';
import { explicitText, startsLikeFormula } from './formula-text';
import { formatDateTime } from '../format/dates';

export type XlsxCell = string | number | boolean | Date | null;

/** One column of a sheet: its header, width in characters, Excel number format, and how a row gives its cell. */
export type XlsxColumn<Row> = { header: string; width?: number; numFmt?: string; value: (row: Row) => XlsxCell };

type Batches<Row> = AsyncIterable<readonly Row[]> | Iterable<readonly Row[]>;

/** A sheet ready to write: its rows already turned into cells, so sheets of different rows go in one workbook. */
export type XlsxSheet = {
  name: string;
  columns: readonly Omit<XlsxColumn<never>, 'value'>[];
  frozenHeader: boolean;
  batches: AsyncIterable<XlsxCell[][]>;
};

const DEFAULT_WIDTH = 16;

/** Dates in sheets read as on the screens, DD-MM-YYYY (spec §9): a real date cell with this format. */
export const XLSX_DATE_FORMAT = 'dd-mm-yyyy';

/** A yyyy-mm-dd date as a date cell (midnight UTC, which a sheet shows as that very day), or null. */
export const xlsxDate = (iso: string | null | undefined): Date | null => (iso ? new Date(`${iso.slice(0, 10)}T00:00:00Z`) : null);

/**
 * A moment as the screens show it, 'DD-MM-YYYY HH:mm' in South African time, as text: a sheet has no
 * time zone, and a date cell would show the moment in UTC.
 */
export const xlsxDateTime = (value: Date | string | null | undefined): string => (value ? formatDateTime(value) : '');

/** A sheet of `columns` over `batches` of rows (a keyset-paged query, or one array); `frozenHeader` keeps row 1 in view. */
export function xlsxSheet<Row>(
  name: string,
  columns: readonly XlsxColumn<Row>[],
  batches: Batches<Row>,
  { frozenHeader = false }: { frozenHeader?: boolean } = {},
): XlsxSheet {
  async function* cells() {
    for await (const batch of batches) yield batch.map((row) => columns.map((c) => c.value(row)));
  }
  return { name, columns, frozenHeader, batches: cells() };
}

/** What exceljs 4 keeps of a workbook that `out` has not taken yet (its internals; see heldBytes). */
type HeldState = { length?: number } | undefined;
type WriterInternals = { zip?: { _readableState?: HeldState } };
type SheetInternals = { stream?: { buffers?: { length: number }[]; pipes?: { _writableState?: HeldState; _readableState?: HeldState }[] } };

/**
 * The bytes of a sheet exceljs holds: rows committed but not yet compressed, and zip output `out` has not
 * taken. exceljs pushes both on without heeding backpressure, so a writer that only watched `out` raced
 * ahead of the compressor and held a whole report in memory while the client read nothing; this reads
 * exceljs 4's internals, and xlsx.test.ts fails if an upgrade moves them.
 */
function heldBytes(workbook: unknown, sheet: unknown): number {
  const { zip } = workbook as WriterInternals;
  const { stream } = sheet as SheetInternals;
  const unpiped = (stream?.buffers ?? []).reduce((sum, buffer) => sum + buffer.length, 0);
  const piping = (stream?.pipes ?? []).reduce((sum, p) => sum + (p._writableState?.length ?? 0) + (p._readableState?.length ?? 0), 0);
  return unpiped + piping + (zip?._readableState?.length ?? 0);
}

/** Above this many held bytes the writer asks for no more rows until the compressor and `out` have caught up. */
export const XLSX_HELD_LIMIT = 256 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits while the destination's buffer is full (a slow reader), or exceljs still holds more than
 * XLSX_HELD_LIMIT of what was committed, or until `out` is closed. A full `out` is waited for by its
 * 'drain'; the compressor catching up (work off the main thread, milliseconds) is polled.
 */
async function roomIn(out: Writable, held: () => number): Promise<void> {
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve));
    if (out.destroyed) return;
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    else if (held() > XLSX_HELD_LIMIT) await sleep(5);
    else return;
  }
}

/** Adds and commits one row; a text that would start a formula is written as an explicit string (formula-text.ts). */
function addRow(sheet: ExcelJS.Worksheet, cells: readonly XlsxCell[]): void {
  const row = sheet.addRow(cells as XlsxCell[]);
  cells.forEach((cell, i) => {
    if (startsLikeFormula(cell)) Object.assign(row.getCell(i + 1), explicitText(cell));
  });
  row.commit();
}

/**
 * Writes the sheets to `out`, header row in bold: each row is committed (handed to the zip stream) as it
 * is added, and the next batch is only asked for when `out` has room, so a slow reader slows the
 * database cursor instead of filling memory. Stops early, without error, when `out` is destroyed (the
 * download was cancelled). Returns the number of rows written.
 */
export async function writeXlsx(sheets: readonly XlsxSheet[], out: Writable): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  let written = 0;
  for (const { name, columns, frozenHeader, batches } of sheets) {
    const sheet = workbook.addWorksheet(name, frozenHeader ? { views: [{ state: 'frozen', ySplit: 1 }] } : {});
    sheet.columns = columns.map(({ header, width, numFmt }) => ({
      header,
      width: width ?? DEFAULT_WIDTH,
      style: numFmt ? { numFmt } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const batch of batches) {
      if (out.destroyed) return written;
      for (const cells of batch) addRow(sheet, cells);
      written += batch.length;
      await roomIn(out, () => heldBytes(workbook, sheet));
    }
    sheet.commit();
  }
  await workbook.commit();
  return written;
}

/** The workbook as a stream, written as it is read; a failure half-way ends the stream with the error. */
export function xlsxReadable(sheets: readonly XlsxSheet[]): Readable {
  const out = new PassThrough();
  writeXlsx(sheets, out).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** The workbook in memory: for one that is e-mailed or stored rather than sent as it is made. */
export async function xlsxBuffer(sheets: readonly XlsxSheet[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxReadable(sheets)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A streamed workbook as a download answer, never kept by a shared cache; `headers` adds to the answer's. */
export function xlsxResponse(stream: Readable, fileName: string, headers: Record<string, string> = {}): Response {
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': CONTENT_TYPES.xlsx,
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
      ...headers,
    },
  });
}

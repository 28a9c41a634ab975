import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';

export type XlsxColumn<Row> = { header: string; width?: number; value: (row: Row) => string | number | boolean | Date | null };

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Writes one sheet with exceljs's streaming WorkbookWriter: each row is committed as soon as it is
 * added, so memory holds a batch, not the workbook. `batches` yields the rows a batch at a time (a
 * keyset-paged query); the writer's stream is awaited between batches when the reader is behind.
 */
async function writeSheet<Row>(out: PassThrough, sheetName: string, columns: XlsxColumn<Row>[], batches: AsyncIterable<Row[]>) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 20 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const rows of batches) {
    for (const row of rows) sheet.addRow(columns.map((c) => c.value(row))).commit();
    if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
  }
  sheet.commit();
  await workbook.commit();
}

/** The workbook as a web stream, for a download answer; a failure half-way aborts the stream. */
export function xlsxWebStream<Row>(
  sheetName: string,
  columns: XlsxColumn<Row>[],
  batches: AsyncIterable<Row[]>,
): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  writeSheet(out, sheetName, columns, batches).catch((error: unknown) =>
    out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

/** The workbook in memory, for an e-mail attachment built by the worker. */
export async function xlsxBuffer<Row>(sheetName: string, columns: XlsxColumn<Row>[], batches: AsyncIterable<Row[]>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  await writeSheet(out, sheetName, columns, batches);
  await ended;
  return Buffer.concat(chunks);
}

/** A download answer for a streamed workbook. */
export function xlsxResponse(stream: ReadableStream<Uint8Array>, fileName: string): Response {
  return new Response(stream, {
    headers: {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    },
  });
}

/** Rows a batch at a time by keyset: `fetch` reads the batch after a key, `keyOf` names a row's key. */
export async function* keysetBatches<Row, Key>(
  first: Key,
  fetch: (after: Key) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
): AsyncIterable<Row[]> {
  for (let after = first; ;) {
    const rows = await fetch(after);
    if (!rows.length) return;
    yield rows;
    after = keyOf(rows[rows.length - 1]);
  }
}

/** A sheet's columns: header text, key of the row object, width in characters. */
export type SheetColumn = { header: string; key: string; width?: number };

export type SheetWriter = {
  /** Adds a sheet; rows are added to the last sheet added. */
  sheet: (name: string, columns: SheetColumn[]) => void;
  /** Commits one row at once (it is not kept in memory) and waits while the reader is behind. */
  row: (values: Record<string, unknown>) => Promise<void>;
};

/**
 * Streams a workbook (exceljs streaming WorkbookWriter) as it is written: rows are committed one by one
 * and writing pauses while the response's reader is behind (backpressure), so a big export never sits
 * in memory whole. A failure while filling ends the stream with that error.
 */
export function streamWorkbook(fill: (writer: SheetWriter) => Promise<void>): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  let sheet: ExcelJS.Worksheet | null = null;
  const writer: SheetWriter = {
    sheet(name, columns) {
      sheet?.commit();
      sheet = workbook.addWorksheet(name);
      sheet.columns = columns;
      sheet.getRow(1).font = { bold: true };
    },
    async row(values) {
      if (!sheet) throw new Error('streamWorkbook: add a sheet before its rows');
      sheet.addRow(values).commit();
      if (out.writableNeedDrain) await once(out, 'drain');
    },
  };
  void (async () => {
    try {
      await fill(writer);
      (sheet as ExcelJS.Worksheet | null)?.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { CONTENT_TYPES } from '../files/file-kind';

/** One column of a streamed sheet: its header and how a row gives its cell. */
export type XlsxColumn<T> = { header: string; width?: number; value: (row: T) => string | number | boolean | null };

/**
 * A one-sheet workbook written with exceljs's streaming WorkbookWriter as the rows arrive: each row is
 * committed (and forgotten) at once, and the writer waits while the reader of the stream is behind,
 * so a workbook of any length never sits in memory as rows. A failure ends the stream with the error.
 */
export function xlsxStream<T>(
  sheetName: string,
  columns: readonly XlsxColumn<T>[],
  batches: AsyncIterable<readonly T[]> | Iterable<readonly T[]>,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 16 }));
  (async () => {
    for await (const batch of batches) {
      for (const row of batch) sheet.addRow(columns.map((c) => c.value(row))).commit();
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** The whole stream as one buffer: for a workbook that is stored or attached rather than sent as it is made. */
export async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A streamed workbook as a download answer. */
export function xlsxResponse(stream: Readable, fileName: string): Response {
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': CONTENT_TYPES.xlsx,
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

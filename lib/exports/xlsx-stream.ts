import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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

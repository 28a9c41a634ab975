import { zipParts } from '../../files/zip-directory';

/**
 * How much of a process one catalogue upload may use (issue 29): a 10 MB file can unpack to gigabytes
 * (an xlsx is a zip) or hold hundreds of thousands of rows, and the worker that reads it has a 160 MB
 * heap. Each bound is checked as early as it can be: the zip's stated sizes before anything is parsed
 * (web and worker), the bytes really inflated while they are parsed, rows and errors while they are read.
 */
export const UPLOAD_LIMITS = {
  /** Rows below the header; 10 MB of CSV holds well over 100,000 price rows. */
  rows: 200_000,
  /** Row errors listed in the report; the rest are only counted. */
  listedErrors: 1_000,
  /** The text of xl/sharedStrings.xml: exceljs holds every shared string in memory while it reads the sheet. */
  sharedStringsBytes: 24 * 1024 * 1024,
  sharedStrings: 400_000,
  /** Any one part of the workbook (the sheet streams, but every byte of it costs time). */
  partBytes: 128 * 1024 * 1024,
  /** All parts together. */
  workbookBytes: 192 * 1024 * 1024,
} as const;

/** A file the portal will not read, with what the uploader is told. */
export class UploadRefusedError extends Error {}

const mb = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024))} MB`;
const SPLIT = 'Save the sheet as CSV or split it into smaller files.';

export const tooManyRows = () =>
  new UploadRefusedError(`The file has more than ${UPLOAD_LIMITS.rows.toLocaleString('en')} rows: split it into smaller files.`);

/** `what` says what is too large and its verb: "The workbook's shared texts take". */
export const tooMuchText = (what: string, limit: number) =>
  new UploadRefusedError(`${what} more than ${mb(limit)} once unpacked. ${SPLIT}`);

export const tooManyStrings = () =>
  new UploadRefusedError(`The workbook holds more than ${UPLOAD_LIMITS.sharedStrings.toLocaleString('en')} different texts. ${SPLIT}`);

/**
 * Refuses an xlsx whose central directory states parts larger than the limits, without inflating a byte:
 * the web answers a decompression bomb in microseconds, and the worker never starts to parse one.
 */
export function checkXlsxParts(bytes: Buffer): void {
  const parts = zipParts(bytes);
  if (!parts) throw new UploadRefusedError('The file could not be read as a spreadsheet.');
  let total = 0;
  for (const { name, uncompressedSize } of parts) {
    total += uncompressedSize;
    if (name === 'xl/sharedStrings.xml' && uncompressedSize > UPLOAD_LIMITS.sharedStringsBytes)
      throw tooMuchText("The workbook's shared texts take", UPLOAD_LIMITS.sharedStringsBytes);
    if (uncompressedSize > UPLOAD_LIMITS.partBytes) throw tooMuchText(`The workbook's part ${name} takes`, UPLOAD_LIMITS.partBytes);
  }
  if (total > UPLOAD_LIMITS.workbookBytes) throw tooMuchText('The workbook takes', UPLOAD_LIMITS.workbookBytes);
}

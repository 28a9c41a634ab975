/**
 * What a file really is, read from its first bytes, never from its name or the browser's claimed type:
 * a PDF renamed to .xlsx is still a PDF. Written here rather than taken from `file-type` (ESM-only,
 * which Jest cannot load without a separate transform, as with @tanstack/react-table) because the
 * portal accepts five kinds and each is a few bytes to check.
 */
export const FILE_KINDS = ['pdf', 'png', 'jpeg', 'xlsx', 'csv', 'xml'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const CONTENT_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

export const KIND_NAMES: Record<FileKind, string> = {
  pdf: 'PDF',
  png: 'PNG image',
  jpeg: 'JPEG image',
  xlsx: 'Excel workbook (.xlsx)',
  csv: 'CSV file',
  xml: 'XML file',
};

const startsWith = (buf: Uint8Array, bytes: readonly number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** A zip (PK\x03\x04) whose entries name an Office workbook: names sit uncompressed in each entry's header. */
function isXlsx(buf: Uint8Array): boolean {
  if (!startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) return false;
  const names = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).toString('latin1');
  return names.includes('[Content_Types].xml') && names.includes('xl/');
}

/** Text a spreadsheet program would read as CSV: UTF-8 (a BOM allowed), no control bytes but tab and line ends. */
function isCsv(buf: Uint8Array): boolean {
  if (buf.length === 0) return false;
  const sample = buf.subarray(0, 64 * 1024);
  for (const byte of sample) if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return false;
  try {
    // A sample cut mid-character is fine: only a complete invalid sequence fails.
    new TextDecoder('utf-8', { fatal: true }).decode(sample.length < buf.length ? trimPartial(sample) : sample);
  } catch {
    return false;
  }
  return true;
}

/** UTF-8 text (as for CSV) whose first character, after a BOM and white space, opens markup: an XML document. */
function isXml(buf: Uint8Array): boolean {
  let at = startsWith(buf, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (at < buf.length && [0x20, 0x09, 0x0a, 0x0d].includes(buf[at])) at++;
  return buf[at] === 0x3c && isCsv(buf);
}

/** Drops a trailing incomplete UTF-8 sequence (at most 3 bytes). */
function trimPartial(bytes: Uint8Array): Uint8Array {
  const end = bytes.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = bytes[end - back];
    if ((byte & 0xc0) === 0xc0) return bytes.subarray(0, end - back); // a lead byte: its sequence may be cut
    if ((byte & 0xc0) !== 0x80) break;
  }
  return bytes;
}

/** The kind of file these bytes are, or null when they are none of the portal's kinds. */
export function sniffFileKind(buf: Uint8Array): FileKind | null {
  if (startsWith(buf, ascii('%PDF-'))) return 'pdf';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (isXlsx(buf)) return 'xlsx';
  if (isXml(buf)) return 'xml';
  if (isCsv(buf)) return 'csv';
  return null;
}

import { sniffFileKind } from './file-kind';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffFileKind', () => {
  it('knows a PDF, a PNG and a JPEG by their first bytes', () => {
    expect(sniffFileKind(bytes('%PDF-1.7\n...'))).toBe('pdf');
    expect(sniffFileKind(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(sniffFileKind(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
  });

  it('knows an xlsx as a zip naming a workbook, and refuses any other zip', () => {
    expect(sniffFileKind(bytes([0x50, 0x4b, 0x03, 0x04], '....[Content_Types].xml....xl/workbook.xml'))).toBe('xlsx');
    expect(sniffFileKind(bytes([0x50, 0x4b, 0x03, 0x04], '....word/document.xml'))).toBeNull();
  });

  it('takes UTF-8 text as CSV, with a BOM, tabs and either line end', () => {
    expect(sniffFileKind(Buffer.from('\ufeffcode;price\r\nA1;12.50\n'))).toBe('csv');
    expect(sniffFileKind(Buffer.from('code\tprice\nÉclair\t3.20\n'))).toBe('csv');
  });

  it('takes UTF-8 text that opens with markup as XML (a BOM and white space before it allowed), and UTF-16 as nothing', () => {
    expect(sniffFileKind(Buffer.from('<?xml version="1.0"?>\n<Invoice/>'))).toBe('xml');
    expect(sniffFileKind(Buffer.from('\ufeff\n  <Invoice xmlns="urn:x"/>'))).toBe('xml');
    expect(sniffFileKind(Buffer.from('code;price\n<b>;1\n'))).toBe('csv');
    expect(sniffFileKind(Buffer.from('\ufeff<?xml version="1.0"?><a/>', 'utf16le'))).toBeNull();
  });

  it('refuses binary data and invalid UTF-8 as CSV, and an empty file as anything', () => {
    expect(sniffFileKind(bytes([0x00, 0x01, 0x02]))).toBeNull();
    expect(sniffFileKind(bytes([0x61, 0xff, 0xfe, 0x62]))).toBeNull();
    expect(sniffFileKind(Buffer.alloc(0))).toBeNull();
  });

  it('decides by content, not by the name a file was given', () => {
    // A PDF renamed to prices.xlsx is still a PDF; the name is never looked at.
    expect(sniffFileKind(bytes('%PDF-1.4 renamed'))).toBe('pdf');
  });
});

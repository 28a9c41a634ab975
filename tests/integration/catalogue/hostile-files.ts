import { deflateRawSync } from 'node:zlib';

/**
 * Files made to hurt the process that reads them (issue 29): a zip written by hand, so a test can put any
 * part in it at any size, and the two uploads of the finding.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zip of these parts, each deflated; `declared` overrides the uncompressed size the zip states for a part (a liar). */
export function zipOf(parts: readonly { name: string; content: Buffer; declared?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, content, declared } of parts) {
    const data = deflateRawSync(content, { level: 9 });
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared ?? content.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared ?? content.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`);
const SHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** An xlsx of one sheet whose cells are shared strings: `rows` index `strings` (the sheet comes after the strings). */
export function xlsxWithSharedStrings(strings: Buffer, rows: readonly (readonly number[])[], declared?: number): Buffer {
  const column = (n: number) => String.fromCharCode(65 + n);
  const sheetRows = rows
    .map((cells, r) => `<row r="${r + 1}">${cells.map((s, c) => `<c r="${column(c)}${r + 1}" t="s"><v>${s}</v></c>`).join('')}</row>`)
    .join('');
  return zipOf([
    {
      name: '[Content_Types].xml',
      content: xml(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
          `<Default Extension="xml" ContentType="application/xml"/>` +
          `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
          `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
          `<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>` +
          `</Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      content: xml(
        `<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      content: xml(
        `<workbook xmlns="${SHEET_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: xml(
        `<Relationships xmlns="${PKG_REL_NS}">` +
          `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>` +
          `</Relationships>`,
      ),
    },
    { name: 'xl/sharedStrings.xml', content: strings, declared },
    { name: 'xl/worksheets/sheet1.xml', content: xml(`<worksheet xmlns="${SHEET_NS}"><sheetData>${sheetRows}</sheetData></worksheet>`) },
  ]);
}

/** The shared strings part: these strings, then `padding` short strings no cell uses (alike, so they compress well). */
export function sharedStringsPart(strings: readonly string[], padding = 0): Buffer {
  const head = `<sst xmlns="${SHEET_NS}" count="${strings.length + padding}" uniqueCount="${strings.length + padding}">`;
  const named = strings.map((s) => `<si><t>${s}</t></si>`).join('');
  const chunks: Buffer[] = [xml(head + named)];
  const batch = 100_000;
  for (let from = 0; from < padding; from += batch) {
    let text = '';
    for (let n = from; n < Math.min(padding, from + batch); n++) text += `<si><t>padding-text-${n % 10}</t></si>`;
    chunks.push(Buffer.from(text));
  }
  chunks.push(Buffer.from('</sst>'));
  return Buffer.concat(chunks);
}

export const ITEM_HEADER = ['vendorCode', 'catalogueCode', 'descr', 'barcode', 'unitOfMeasure', 'packSize'];

/**
 * The finding's bomb: a small xlsx (a few hundred KB) of an item header and one row, whose shared strings
 * inflate to about 104 MB, 3.4 million strings no cell uses (each long enough that V8 keeps it as a slice of
 * the parser's chunk, so every chunk stays alive).
 */
export function sharedStringsBomb(): Buffer {
  const strings = [...ITEM_HEADER, 'V0001', 'BOMB-1', 'A bomb'];
  return xlsxWithSharedStrings(sharedStringsPart(strings, 3_400_000), [
    [0, 1, 2, 3, 4, 5],
    [6, 7, 8],
  ]);
}

/** The finding's CSV: about 9 MB, a pricing header and 700,000 rows that each break rules (a negative price, no date). */
export function badRowsCsv(rows = 700_000): Buffer {
  const lines = ['vendorCode,catalogueCode,costPrice,effectiveFrom'];
  for (let n = 0; n < rows; n++) lines.push('V0001,1,-1,x');
  return Buffer.from(lines.join('\n') + '\n');
}

/**
 * A zip's central directory, read without inflating anything: each part's name with the sizes the zip
 * states for it. What an upload check needs to refuse a decompression bomb before any parser sees it;
 * a zip can state sizes its data does not keep, so whoever then inflates the parts still bounds them.
 */
export type ZipPart = { name: string; compressedSize: number; uncompressedSize: number };

const END_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
const END_SIZE = 22;
const MAX_COMMENT = 0xffff;
/** A size or count a zip64 record replaces: no upload the portal takes needs one. */
const ZIP64 = [0xffff, 0xffffffff];

/** Where the end-of-central-directory record starts: searched back from the end, past a comment of up to 64 KB. */
function endRecordAt(bytes: Buffer): number {
  const earliest = Math.max(0, bytes.length - END_SIZE - MAX_COMMENT);
  for (let at = bytes.length - END_SIZE; at >= earliest; at--) if (bytes.readUInt32LE(at) === END_SIGNATURE) return at;
  return -1;
}

/** The parts a zip's central directory lists, or null when it has none that can be read (not a zip, cut short, zip64). */
export function zipParts(bytes: Buffer): ZipPart[] | null {
  const end = endRecordAt(bytes);
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  let at = bytes.readUInt32LE(end + 16);
  if (ZIP64.includes(count) || ZIP64.includes(size) || ZIP64.includes(at) || at + size > end) return null;
  const parts: ZipPart[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== ENTRY_SIGNATURE) return null;
    const compressedSize = bytes.readUInt32LE(at + 20);
    const uncompressedSize = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (next > end || ZIP64.includes(compressedSize) || ZIP64.includes(uncompressedSize)) return null;
    parts.push({ name: bytes.toString('utf8', at + 46, at + 46 + nameLength), compressedSize, uncompressedSize });
    at = next;
  }
  return parts;
}

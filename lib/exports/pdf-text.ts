// Text helpers for the PDF builder: labels, the generation time stamp and WinAnsi-safe strings.
import { documentLabel, sentenceCase, UNKNOWN_TYPE_WORD } from '../vocabulary';

// The standard PDF fonts only encode WinAnsi (Latin-1 plus these code points); pdfkit writes any
// other character as a broken glyph, so such characters are folded to their base letter or '?'.
const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e,
  0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

// Letters NFKD does not decompose.
const FOLD: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l' };

function isWinAnsi(code: number): boolean {
  return code === 0x0a || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code);
}

/** Makes user text printable with a standard font: WinAnsi only, newlines kept, other controls as spaces. */
export function pdfSafe(text: string | null | undefined): string {
  if (!text) return '';
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n')) {
    const code = char.codePointAt(0) ?? 0;
    if (isWinAnsi(code)) {
      out += char;
    } else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      out += ' ';
    } else {
      const base = FOLD[char] ?? char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += base && [...base].every((c) => isWinAnsi(c.codePointAt(0) ?? 0)) ? base : '?';
    }
  }
  return out;
}

type TypeNames = { title: string; short: string };

/** Headings that say more than the type's word; any other type's heading is its word (lib/vocabulary). */
const HEADINGS: Record<string, string> = { order: 'Purchase Order' };

/**
 * A PDF's heading and the short name of its metadata title ('Credit note CN1'). The type's word comes
 * from lib/vocabulary, as on the screens. An invoice or credit note names what it is, whatever the sending
 * system described it as (issue 27: a credit note read as an invoice); other types' headings use the
 * document's own type description (xdocTypeDescr) when it has one.
 */
export function documentTypeNames(typeCode: string, subTypeCode?: string | null, descr?: string | null): TypeNames {
  const kind = { xdocTypeCode: typeCode.trim().toLowerCase(), xdocSubTypeCode: subTypeCode?.trim().toLowerCase() ?? null };
  const word = documentLabel(kind);
  const known = word !== UNKNOWN_TYPE_WORD;
  const short = known ? word : sentenceCase(typeCode.trim()) || UNKNOWN_TYPE_WORD;
  if (kind.xdocTypeCode === 'invoice') return { title: short, short };
  // A sub-type with a word of its own (a return order) is headed by it, not by its type's heading.
  const heading = word === documentLabel({ xdocTypeCode: kind.xdocTypeCode }) ? (HEADINGS[kind.xdocTypeCode] ?? short) : short;
  const title = descr?.trim() || heading;
  return { title, short: known ? short : title };
}

// Spreadsheet formula injection (OWASP "CSV injection"): text a supplier or user typed, exported into a
// sheet, must never be run as a formula by whoever opens the file. Every exported workbook goes through
// writeXlsx (lib/exports/xlsx.ts), which asks this module about every cell; the portal writes no CSV.

/** The characters OWASP lists as starting a formula in Excel, LibreOffice or Google Sheets. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Whether a cell is text that a spreadsheet would read as a formula. Only text: a number (a negative one
 * too), a date or a boolean is written as what it is and never parsed.
 */
export function startsLikeFormula(value: unknown): value is string {
  return typeof value === 'string' && FORMULA_START.test(value);
}

/**
 * Such a text as an explicit string cell: an inline string (`t="inlineStr"`, the file format's own string
 * constant) formatted as Text (`@`), so the value reads exactly as typed and stays text even when someone
 * edits the cell and presses Enter. exceljs writes no formula from a plain string (only from {formula}),
 * but its plain strings are `t="str"` (a formula's cached result) in the General format, which Excel turns
 * into a live formula the moment the cell is edited. Prefixing a quote, OWASP's advice for CSV, would change
 * the value: a catalogue exported and uploaded again must come back the same.
 */
export const explicitText = (text: string) => ({ value: { richText: [{ text }] }, numFmt: '@' }) as const;

// The lines table and totals of the document PDF. Rows that do not fit go to a new page, where the
// column header is drawn again, so every page can be read on its own.
import type { PdfDocumentInput, PdfDocumentLine } from './document-pdf-types';
import { formatCentsAsRands, formatPlainDecimal, formatRands, multiplyToCents } from './pdf-decimal';
import { pdfSafe } from './pdf-text';
import { COLOR, FONT, frame } from './pdf-theme';

type Align = 'left' | 'right' | 'center';
type Column = { header: string; width: number; align: Align };

/** Adds a page (with its running header) and returns the y where content continues. */
export type NewPage = () => number;

const BODY_SIZE = 8.5;
const SMALL_SIZE = 7;
const PAD_X = 4;
const PAD_Y = 5;
const HEADER_HEIGHT = 18;
const DESCR_MAX_CHARS = 250;
const NONE = '—';

export const TABLE_HEADERS = ['Line', 'Code', 'Description', 'Qty', 'Unit price', 'Tax rate', 'Line total'] as const;

function columns(tableWidth: number): Column[] {
  const fixed = { line: 30, code: 72, qty: 46, price: 72, tax: 38, total: 82 };
  const descr = tableWidth - Object.values(fixed).reduce((a, b) => a + b, 0);
  return [
    { header: 'Line', width: fixed.line, align: 'left' },
    { header: 'Code', width: fixed.code, align: 'left' },
    { header: 'Description', width: descr, align: 'left' },
    { header: 'Qty', width: fixed.qty, align: 'right' },
    { header: 'Unit price', width: fixed.price, align: 'right' },
    { header: 'Tax rate', width: fixed.tax, align: 'right' },
    { header: 'Line total', width: fixed.total, align: 'right' },
  ];
}

/** A tax rate as people write it: '15.00' → '15%', '7.50' → '7.5%'. */
export const formatTaxRate = (percent: string): string => `${formatPlainDecimal(percent)}%`;

export type LineMark = 'Cancelled' | 'Rejected' | null;

/** Spec §3/§4: orderDescr 'cancelled' marks a cancelled line; response 'Rejected' a rejected one. */
export function lineMark(line: PdfDocumentLine): LineMark {
  if (line.orderDescr?.trim().toLowerCase().startsWith('cancel')) return 'Cancelled';
  if (line.response?.trim().toLowerCase().startsWith('reject')) return 'Rejected';
  return null;
}

/** qty × unit price, exact in cents; null when the line has no price. */
export function lineTotalCents(line: PdfDocumentLine): bigint | null {
  return line.amount?.trim() ? multiplyToCents(line.qty, line.amount) : null;
}

type RowCells = { values: string[]; descr: string; branch: string; mark: LineMark };

function rowCells(line: PdfDocumentLine): RowCells {
  const total = lineTotalCents(line);
  const descr = pdfSafe(line.descr).trim();
  return {
    values: [
      String(line.lineNumber),
      pdfSafe(line.catalogueCode).slice(0, 40),
      '',
      formatPlainDecimal(line.qty),
      line.amount?.trim() ? formatRands(line.amount) : NONE,
      line.taxPercent?.trim() ? formatTaxRate(line.taxPercent) : NONE,
      total === null ? NONE : formatCentsAsRands(total),
    ],
    descr: descr.length > DESCR_MAX_CHARS ? `${descr.slice(0, DESCR_MAX_CHARS - 1)}…` : descr,
    branch: pdfSafe(line.branchName).trim(),
    mark: lineMark(line),
  };
}

function drawHeaderRow(doc: PDFKit.PDFDocument, cols: Column[], left: number, y: number): number {
  const width = cols.reduce((sum, c) => sum + c.width, 0);
  doc.save().rect(left, y, width, HEADER_HEIGHT).fill(COLOR.accent).restore();
  doc
    .font(FONT.bold)
    .fontSize(SMALL_SIZE + 0.5)
    .fillColor(COLOR.accentText);
  let x = left;
  for (const col of cols) {
    doc.text(col.header, x + PAD_X, y + 5.5, { width: col.width - 2 * PAD_X, align: col.align, lineBreak: false });
    x += col.width;
  }
  return y + HEADER_HEIGHT;
}

/** Height of the description cell: text, then branch, then the cancelled/rejected tag. */
function descrHeight(doc: PDFKit.PDFDocument, cells: RowCells, width: number): number {
  let h = 0;
  if (cells.descr) h += doc.font(FONT.regular).fontSize(BODY_SIZE).heightOfString(cells.descr, { width });
  if (cells.branch) h += doc.font(FONT.regular).fontSize(SMALL_SIZE).heightOfString(`Branch: ${cells.branch}`, { width }) + 1;
  if (cells.mark) h += doc.font(FONT.bold).fontSize(SMALL_SIZE).heightOfString(cells.mark.toUpperCase(), { width }) + 2;
  return Math.max(h, doc.font(FONT.regular).fontSize(BODY_SIZE).currentLineHeight(true));
}

function rowHeight(doc: PDFKit.PDFDocument, cols: Column[], cells: RowCells): number {
  doc.font(FONT.regular).fontSize(BODY_SIZE);
  let h = descrHeight(doc, cells, cols[2].width - 2 * PAD_X);
  cells.values.forEach((value, i) => {
    if (i !== 2) h = Math.max(h, doc.heightOfString(value, { width: cols[i].width - 2 * PAD_X }));
  });
  return h + 2 * PAD_Y;
}

function drawRow(doc: PDFKit.PDFDocument, cols: Column[], left: number, y: number, h: number, cells: RowCells, striped: boolean): void {
  const width = cols.reduce((sum, c) => sum + c.width, 0);
  if (striped) doc.save().rect(left, y, width, h).fill(COLOR.stripe).restore();
  doc
    .save()
    .moveTo(left, y + h)
    .lineTo(left + width, y + h)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke()
    .restore();

  const color = cells.mark ? COLOR.faint : COLOR.text;
  let x = left;
  cols.forEach((col, i) => {
    const inner = col.width - 2 * PAD_X;
    if (i === 2) {
      let cy = y + PAD_Y;
      if (cells.descr) {
        doc
          .font(FONT.regular)
          .fontSize(BODY_SIZE)
          .fillColor(color)
          .text(cells.descr, x + PAD_X, cy, { width: inner });
        cy = doc.y;
      }
      if (cells.branch) {
        doc
          .font(FONT.regular)
          .fontSize(SMALL_SIZE)
          .fillColor(COLOR.muted)
          .text(`Branch: ${cells.branch}`, x + PAD_X, cy + 1, { width: inner });
        cy = doc.y;
      }
      if (cells.mark) {
        doc
          .font(FONT.bold)
          .fontSize(SMALL_SIZE)
          .fillColor(COLOR.danger)
          .text(cells.mark.toUpperCase(), x + PAD_X, cy + 2, { width: inner });
      }
    } else {
      const isTotal = i === cols.length - 1;
      doc
        .font(isTotal && !cells.mark ? FONT.bold : FONT.regular)
        .fontSize(BODY_SIZE)
        .fillColor(color)
        .text(cells.values[i], x + PAD_X, y + PAD_Y, {
          width: inner,
          align: col.align,
          strike: Boolean(cells.mark) && isTotal && cells.values[i] !== NONE,
        });
    }
    x += col.width;
  });
}

/** Draws the table from y; returns the y below it. */
export function drawLinesTable(doc: PDFKit.PDFDocument, lines: PdfDocumentLine[], startY: number, newPage: NewPage): number {
  const { left, width, bottom } = frame(doc);
  const cols = columns(width);
  let y = startY;
  if (y + HEADER_HEIGHT + 30 > bottom) y = newPage();
  y = drawHeaderRow(doc, cols, left, y);

  if (lines.length === 0) {
    doc
      .font(FONT.italic)
      .fontSize(BODY_SIZE)
      .fillColor(COLOR.muted)
      .text('This document has no lines.', left + PAD_X, y + 8, { width: width - 2 * PAD_X, align: 'center' });
    const end = y + 26;
    doc
      .save()
      .moveTo(left, end)
      .lineTo(left + width, end)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke()
      .restore();
    return end;
  }

  lines.forEach((line, index) => {
    const cells = rowCells(line);
    const h = rowHeight(doc, cols, cells);
    if (y + h > bottom) y = drawHeaderRow(doc, cols, left, newPage());
    drawRow(doc, cols, left, y, h, cells, index % 2 === 1);
    y += h;
  });
  return y;
}

function lineSummary(lines: PdfDocumentLine[]): string {
  const counts = { Cancelled: 0, Rejected: 0 };
  for (const line of lines) {
    const mark = lineMark(line);
    if (mark) counts[mark] += 1;
  }
  const extras = [counts.Cancelled ? `${counts.Cancelled} cancelled` : '', counts.Rejected ? `${counts.Rejected} rejected` : ''].filter(
    Boolean,
  );
  const base = `${lines.length} ${lines.length === 1 ? 'line' : 'lines'}`;
  return extras.length ? `${base} (${extras.join(', ')})` : base;
}

/** Totals box (Excl / VAT / Incl) right-aligned below the table; returns the y below it. */
export function drawTotals(doc: PDFKit.PDFDocument, input: PdfDocumentInput, startY: number, newPage: NewPage): number {
  const rows: [string, string][] = [
    ['Total excl. VAT', formatRands(input.totals.excl)],
    ['VAT', formatRands(input.totals.tax)],
    ['Total incl. VAT', formatRands(input.totals.incl)],
  ];
  const rowH = 17;
  const needed = 12 + rows.length * rowH + 6;
  const { left, right, bottom } = frame(doc);
  let y = startY + 12;
  if (y + needed > bottom) y = newPage();

  doc
    .font(FONT.regular)
    .fontSize(SMALL_SIZE + 0.5)
    .fillColor(COLOR.muted)
    .text(lineSummary(input.lines), left, y + 4, { width: 220, lineBreak: false });
  doc
    .font(FONT.regular)
    .fontSize(SMALL_SIZE)
    .fillColor(COLOR.faint)
    .text('Line total = quantity × unit price, excl. VAT.', left, y + 16, { width: 220, lineBreak: false });

  const boxWidth = 240;
  const boxLeft = right - boxWidth;
  rows.forEach(([label, value], i) => {
    const isGrand = i === rows.length - 1;
    const rowY = y + i * rowH;
    if (isGrand) {
      doc
        .save()
        .rect(boxLeft, rowY, boxWidth, rowH + 2)
        .fill(COLOR.band)
        .restore();
      doc.save().moveTo(boxLeft, rowY).lineTo(right, rowY).lineWidth(1).strokeColor(COLOR.accent).stroke().restore();
    }
    const font = isGrand ? FONT.bold : FONT.regular;
    const size = isGrand ? 10 : 9;
    const textY = rowY + (isGrand ? 5 : 4);
    doc
      .font(font)
      .fontSize(size)
      .fillColor(isGrand ? COLOR.text : COLOR.muted)
      .text(label, boxLeft + 8, textY, { width: 120, lineBreak: false });
    doc
      .font(font)
      .fontSize(size)
      .fillColor(COLOR.text)
      .text(value, boxLeft + 120, textY, { width: boxWidth - 128, align: 'right', lineBreak: false });
  });
  return y + rows.length * rowH + 2;
}

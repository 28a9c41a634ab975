// Printable PDF of one trade document (spec §3): a pure function over plain data, no Next or database
// imports, so both the web process and the worker can use it.
import PDFDocument from 'pdfkit';
import { drawLinesTable, drawTotals } from './document-pdf-table';
import type { PdfDeliveryAddress, PdfDocumentInput, PdfRenderOptions, PdfStore } from './document-pdf-types';
import { documentStatusLabel, reasonLabel, subTypeLabel } from '../vocabulary';
import { formatDateDashes } from '../format/dates';
import { documentTypeNames, pdfSafe } from './pdf-text';
import { formatDateTime, PORTAL_TIME_LABEL } from '../format/dates';
import { COLOR, FONT, PAGE, frame } from './pdf-theme';

export type { PdfDocumentInput, PdfDocumentLine, PdfRenderOptions } from './document-pdf-types';

const LABEL_SIZE = 7;
const VALUE_SIZE = 9.5;

/** Metadata title, e.g. 'Order PO00001234'. */
export function documentPdfTitle(input: PdfDocumentInput): string {
  const names = documentTypeNames(input.xdocTypeCode, input.xdocSubTypeCode, input.xdocTypeDescr);
  return pdfSafe(`${names.short} ${input.docno}`);
}

/** Draws a small upper-case label with its value below; returns the y below the value. */
function field(doc: PDFKit.PDFDocument, label: string, value: string, x: number, y: number, width: number, bold = false): number {
  doc.font(FONT.bold).fontSize(LABEL_SIZE).fillColor(COLOR.muted).text(label.toUpperCase(), x, y, { width, characterSpacing: 0.4 });
  doc
    .font(bold ? FONT.bold : FONT.regular)
    .fontSize(VALUE_SIZE)
    .fillColor(COLOR.text)
    .text(value || '—', x, doc.y + 2, { width });
  return doc.y;
}

function fieldHeight(doc: PDFKit.PDFDocument, label: string, value: string, width: number): number {
  const labelHeight = doc.font(FONT.bold).fontSize(LABEL_SIZE).heightOfString(label.toUpperCase(), { width, characterSpacing: 0.4 });
  return (
    labelHeight +
    2 +
    doc
      .font(FONT.regular)
      .fontSize(VALUE_SIZE)
      .heightOfString(value || '—', { width })
  );
}

function storeText(store: PdfStore | null | undefined): string {
  if (!store) return '';
  const name = pdfSafe(store.name).trim();
  const code = pdfSafe(store.code).trim();
  return code && name ? `${name} (${code})` : name || code;
}

/** The delivery address: the receiving store by name and code, its address code below. */
export function deliveryAddressText(address: PdfDeliveryAddress | null | undefined): string {
  if (!address) return '';
  const code = pdfSafe(address.addressCode).trim();
  return [storeText(address), code && `Address code ${code}`].filter(Boolean).join('\n');
}

function rule(doc: PDFKit.PDFDocument, y: number, color: string = COLOR.rule, width = 0.75): void {
  const { left, right } = frame(doc);
  doc.save().moveTo(left, y).lineTo(right, y).lineWidth(width).strokeColor(color).stroke().restore();
}

function drawHeading(doc: PDFKit.PDFDocument, input: PdfDocumentInput, heading: string): number {
  const { left, width, top } = frame(doc);
  doc
    .font(FONT.bold)
    .fontSize(18)
    .fillColor(COLOR.accent)
    .text(heading, left, top, { width: width - 130 });
  const subtitle = pdfSafe(subTypeLabel(input.xdocSubTypeCode));
  if (subtitle)
    doc
      .font(FONT.regular)
      .fontSize(9)
      .fillColor(COLOR.muted)
      .text(subtitle, left, doc.y + 2, { width: width - 130 });
  const headingBottom = doc.y;

  // Status badge, top right.
  const status = pdfSafe(documentStatusLabel(input.wfStatusCode)) || '—';
  doc.font(FONT.bold).fontSize(9);
  const badgeWidth = Math.min(120, doc.widthOfString(status) + 20);
  const badgeX = left + width - badgeWidth;
  doc
    .save()
    .roundedRect(badgeX, top + 2, badgeWidth, 18, 9)
    .fill(COLOR.band)
    .restore();
  doc.fillColor(COLOR.accent).text(status, badgeX, top + 7, { width: badgeWidth, align: 'center', lineBreak: false });

  const y = Math.max(headingBottom, top + 24) + 10;
  rule(doc, y, COLOR.accent, 1.5);
  return y + 10;
}

function drawMetaStrip(doc: PDFKit.PDFDocument, input: PdfDocumentInput, startY: number): number {
  const { left, width } = frame(doc);
  const cells: [string, string][] = [
    ['Document no.', pdfSafe(input.docno)],
    ['Document date', formatDateDashes(input.docDate)],
    ['Delivery date', formatDateDashes(input.deliveryDate)],
  ];
  if (input.orderno?.trim() && input.orderno.trim() !== input.docno.trim()) cells.push(['Order no.', pdfSafe(input.orderno.trim())]);
  const reason = reasonLabel(input.reasonCode);
  if (reason) cells.push(['Reason', pdfSafe(reason)]);
  const cellWidth = width / cells.length;
  const inner = cellWidth - 16;
  const height = Math.max(...cells.map(([label, value]) => fieldHeight(doc, label, value, inner))) + 16;
  doc.save().rect(left, startY, width, height).fill(COLOR.band).restore();
  cells.forEach(([label, value], i) => field(doc, label, value, left + i * cellWidth + 10, startY + 8, inner));
  return startY + height + 16;
}

function partyLines(lines: (string | false | null | undefined)[]): string {
  return lines.filter((l): l is string => Boolean(l && l.trim())).join('\n');
}

function drawParties(doc: PDFKit.PDFDocument, input: PdfDocumentInput, startY: number): number {
  const { left, width } = frame(doc);
  const gap = 24;
  const colWidth = (width - gap) / 2;
  const columns: [string, string, string][] = [
    ['Customer (retailer)', pdfSafe(input.retailer.name), partyLines([input.retailer.code && `Code: ${pdfSafe(input.retailer.code)}`])],
    [
      'Supplier',
      pdfSafe(input.supplier.name),
      partyLines([
        `Supplier code: ${pdfSafe(input.supplier.code)}`,
        input.supplier.vatNumber && `VAT no.: ${pdfSafe(input.supplier.vatNumber)}`,
        pdfSafe(input.supplier.address),
      ]),
    ],
  ];
  let bottom = startY;
  columns.forEach(([label, name, details], i) => {
    const x = left + i * (colWidth + gap);
    let y = field(doc, label, name, x, startY, colWidth, true);
    if (details) {
      doc
        .font(FONT.regular)
        .fontSize(8.5)
        .fillColor(COLOR.muted)
        .text(details, x, y + 2, { width: colWidth });
      y = doc.y;
    }
    bottom = Math.max(bottom, y);
  });
  return bottom + 14;
}

const DELIVERY_COLUMNS = 3;

function drawDelivery(doc: PDFKit.PDFDocument, input: PdfDocumentInput, startY: number): number {
  const { left, width } = frame(doc);
  const cells: [string, string][] = [];
  const address = deliveryAddressText(input.deliveryAddress);
  if (address) cells.push(['Delivery address', address]);
  if (input.store) cells.push(['Store', storeText(input.store)]);
  if (input.toStore) cells.push(['To store', storeText(input.toStore)]);
  if (input.deliveryMethod?.trim()) cells.push(['Delivery method', pdfSafe(input.deliveryMethod.trim())]);
  const instructions = pdfSafe(input.deliveryInstructions).trim();
  if (cells.length === 0 && !instructions) return startY;

  rule(doc, startY - 4);
  let y = startY + 6;
  // Three to a row: a fourth cell starts the next row instead of running off the page.
  const cellWidth = width / DELIVERY_COLUMNS;
  for (let row = 0; row * DELIVERY_COLUMNS < cells.length; row += 1) {
    let bottom = y;
    cells.slice(row * DELIVERY_COLUMNS, (row + 1) * DELIVERY_COLUMNS).forEach(([label, value], i) => {
      bottom = Math.max(bottom, field(doc, label, value, left + i * cellWidth, y, cellWidth - 12));
    });
    y = bottom + 8;
  }
  if (instructions) y = field(doc, 'Delivery instructions', instructions.slice(0, 1000), left, y, width) + 8;
  return y + 8;
}

function drawRunningHeader(doc: PDFKit.PDFDocument, heading: string): number {
  const { left, width, top } = frame(doc);
  doc
    .font(FONT.bold)
    .fontSize(9)
    .fillColor(COLOR.accent)
    .text(heading, left, top, { width: width - 80, lineBreak: false });
  doc
    .font(FONT.regular)
    .fontSize(8)
    .fillColor(COLOR.muted)
    .text('continued', left + width - 80, top + 1, { width: 80, align: 'right', lineBreak: false });
  rule(doc, top + 16);
  return top + 26;
}

function drawFooters(doc: PDFKit.PDFDocument, docno: string, generatedAt: Date): void {
  const { start, count } = doc.bufferedPageRange();
  const stamp = `Generated ${formatDateTime(generatedAt)} (${PORTAL_TIME_LABEL})  ·  ${pdfSafe(docno)}`;
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    const { left, right, width } = frame(doc);
    // The footer sits inside the bottom margin; lift the margin so pdfkit does not start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - PAGE.footerFromBottom;
    doc
      .save()
      .moveTo(left, y - 8)
      .lineTo(right, y - 8)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke()
      .restore();
    doc.font(FONT.regular).fontSize(7.5).fillColor(COLOR.muted);
    doc.text(stamp, left, y, { width: width - 100, lineBreak: false });
    doc.text(`Page ${i - start + 1} of ${count}`, right - 100, y, { width: 100, align: 'right', lineBreak: false });
  }
}

function buildDocument(input: PdfDocumentInput, options: PdfRenderOptions): PDFKit.PDFDocument {
  const generatedAt = input.generatedAt ?? new Date();
  const names = documentTypeNames(input.xdocTypeCode, input.xdocSubTypeCode, input.xdocTypeDescr);
  const heading = pdfSafe(`${names.title} ${input.docno}`);
  const title = documentPdfTitle(input);
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: { ...PAGE.margin },
    bufferPages: true,
    compress: options.compress ?? true,
    displayTitle: true,
    info: {
      Title: title,
      Subject: pdfSafe(`${names.title} ${input.docno}: ${input.supplier.name} to ${input.retailer.name}`),
      Author: pdfSafe(input.supplier.name),
      Creator: 'Trade document portal',
      CreationDate: generatedAt,
    },
  });

  let y = drawHeading(doc, input, heading);
  y = drawMetaStrip(doc, input, y);
  y = drawParties(doc, input, y);
  y = drawDelivery(doc, input, y);
  const newPage = () => {
    doc.addPage();
    return drawRunningHeader(doc, heading);
  };
  y = drawLinesTable(doc, input.lines, y, newPage);
  drawTotals(doc, input, y, newPage);
  drawFooters(doc, input.docno, generatedAt);
  doc.end();
  return doc;
}

/**
 * The PDF as a readable stream (pipe it to a response or a file). Layout happens before this returns,
 * so bad input (e.g. a non-numeric amount) throws here rather than mid-stream.
 */
export function documentPdfStream(input: PdfDocumentInput, options: PdfRenderOptions = {}): NodeJS.ReadableStream {
  return buildDocument(input, options);
}

/** The whole PDF in memory. */
export function renderDocumentPdf(input: PdfDocumentInput, options: PdfRenderOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let stream: NodeJS.ReadableStream;
    try {
      stream = documentPdfStream(input, options);
    } catch (error) {
      reject(error);
      return;
    }
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer | string) => chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

import type { DiscrepancyReason } from '@/lib/vocabulary';
import type { XdocDetail, XdocLine } from '@/lib/domain/documents/queries';
import type { XdocSummary } from '@/lib/domain/documents/summary';
import type { DeliveredLine, InvoicedLine } from '@/lib/domain/invoicing/queries';
import { multiplyToCents } from '@/lib/exports/pdf-decimal';
import { daysBefore, todayInSouthAfrica } from '@/lib/format/dates';
import { fromCents, toCents } from '@/lib/format/money';
import { INVOICE_DATE_WINDOW_DAYS } from '@/lib/domain/invoicing/schemas';
import { RAISE_WORDS, type RaiseWords } from './raise-words';

/**
 * The invoice, credit-note and delivery-note forms as plain data (spec §4, §5): which lines can be
 * taken, what remains of each, the three-way match and the live totals. The server checks all of it
 * again on its own numbers; this only lets the supplier see it before submitting.
 */

/** GET /invoices?orderno=&tinymce= */
export type OrderHistory = {
  invoicedLines: InvoicedLine[];
  linkedInvoices: XdocSummary[];
  xdocs: XdocSummary[];
  deliveredLines: DeliveredLine[];
  receivedLines: DeliveredLine[];
};

export type FormMode = 'invoice' | 'credit' | 'deliverynote';

export type FormRow = {
  key: string;
  lineNumber: number;
  deliveryAddressCode: string | null;
  branchName: string | null;
  catalogueCode: string;
  descr: string | null;
  ordered: string;
  delivered: string;
  /** What the retailer's goods-received vouchers counted; null when there is none. */
  received: string | null;
  invoiced: string;
  remaining: string;
  qty: string;
  amount: string;
  originalAmount: string | null;
  taxPercent: string;
  amountEditable: boolean;
  taxPercentEditable: boolean;
};

const sameLine = (line: { lineNumber: number; deliveryAddressCode: string | null }) => (other: typeof line) =>
  other.lineNumber === line.lineNumber && (other.deliveryAddressCode ?? null) === (line.deliveryAddressCode ?? null);

function sum(rows: { qty: string }[]): number {
  return rows.reduce((total, r) => total + toCents(r.qty), 0);
}

/** Spec §4: cancelled lines, and Rejected lines of a mixed order, are not invoiced. */
export function isSkipped(line: XdocLine, isMixed: boolean): boolean {
  return (line.orderDescr ?? '').trim().toLowerCase() === 'cancelled' || (isMixed && (line.response ?? '').toLowerCase() === 'rejected');
}

/** The lines of the form, each with what was ordered, delivered, received and taken already, and its default quantity. */
export function formRows(order: XdocDetail, history: OrderHistory, mode: FormMode): FormRow[] {
  const isMixed = order.wfStatusCode === 'mixed';
  return order.det
    .filter((line) => !isSkipped(line, isMixed))
    .map((line) => {
      const same = sameLine(line);
      const delivered = sum(history.deliveredLines.filter(same));
      const receivedRows = history.receivedLines.filter(same);
      const taken = mode === 'deliverynote' ? delivered : sum(history.invoicedLines.filter(same));
      const remaining = Math.max(0, toCents(line.originalqty) - taken);
      // Spec §2 discrepancy window: what the goods receipt counted (less what was invoiced) is what is invoiced.
      const prefill = receivedRows.length ? Math.min(remaining, Math.max(0, sum(receivedRows) - taken)) : remaining;
      const originalAmount = line.originalamount ?? line.amount;
      return {
        key: `${line.lineNumber}:${line.deliveryAddressCode ?? ''}`,
        lineNumber: line.lineNumber,
        deliveryAddressCode: line.deliveryAddressCode,
        branchName: line.branchName,
        catalogueCode: line.catalogueCode,
        descr: line.descr,
        ordered: fromCents(toCents(line.originalqty)),
        delivered: fromCents(delivered),
        received: receivedRows.length ? fromCents(sum(receivedRows)) : null,
        invoiced: fromCents(sum(history.invoicedLines.filter(same))),
        remaining: fromCents(remaining),
        qty: fromCents(prefill),
        amount: originalAmount ?? '',
        originalAmount,
        taxPercent: line.taxPercent ?? '',
        amountEditable: line.amountEditable,
        taxPercentEditable: line.taxPercentEditable,
      };
    });
}

/** The delivery addresses of a multi-branch order, each once, with its branch name. */
export function branchesOf(order: XdocDetail): { code: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const line of order.det)
    if (line.deliveryAddressCode) seen.set(line.deliveryAddressCode, line.branchName ?? line.deliveryAddressCode);
  return [...seen].map(([code, name]) => ({ code, name }));
}

const cents = (text: string) => {
  try {
    return toCents(text || '0');
  } catch {
    return 0;
  }
};

/** One line's value excl. VAT and its VAT, in cents, as the server computes them. */
export function lineValue(row: Pick<FormRow, 'qty' | 'amount' | 'taxPercent'>): { excl: number; tax: number } {
  const qty = fromCents(cents(row.qty));
  const excl = multiplyToCents(qty, fromCents(cents(row.amount)));
  const tax = multiplyToCents(fromCents(excl), (Number(row.taxPercent || 0) / 100).toFixed(4));
  return { excl: Number(excl), tax: Number(tax) };
}

/** Spec §5: the totals, quantity × amount plus tax per line, to the cent. */
export function formTotals(rows: FormRow[]): { excl: string; tax: string; incl: string } {
  const values = rows.map(lineValue);
  const excl = values.reduce((s, v) => s + v.excl, 0);
  const tax = values.reduce((s, v) => s + v.tax, 0);
  return { excl: fromCents(excl), tax: fromCents(tax), incl: fromCents(excl + tax) };
}

/**
 * The three-way match of a line (beyond the spec): what is being invoiced against what was ordered and
 * what was delivered (the supplier's delivery notes, else the retailer's goods receipt). Null when it fits.
 */
export function mismatchOf(row: FormRow, words: Pick<RaiseWords, 'verb' | 'taken'> = RAISE_WORDS.invoice): string | null {
  const after = cents(row.invoiced) + cents(row.qty);
  if (cents(row.qty) > cents(row.remaining)) return `More than the ${row.remaining} left to ${words.verb}`;
  const delivered = row.received ?? (cents(row.delivered) > 0 ? row.delivered : null);
  if (delivered !== null && after > cents(delivered)) return `${words.taken} ${fromCents(after)} but delivered ${delivered}`;
  if (row.received !== null && cents(row.received) !== cents(row.ordered)) return `Received ${row.received} of ${row.ordered} ordered`;
  return null;
}

/** Spec §4 step 1: nothing left on any line. */
export const nothingRemains = (rows: FormRow[]) => rows.every((r) => cents(r.remaining) === 0);

/** Spec §4 step 3: a quantity differs from what remained, so more invoices may follow. */
export const quantitiesChanged = (rows: FormRow[]) => rows.some((r) => cents(r.qty) !== cents(r.remaining));

/** The discrepancy reason of a goods-received line (spec §3: A quantity, B price, C both); null when none. */
export function discrepancyOf(row: FormRow): DiscrepancyReason | null {
  const quantity = row.received !== null && cents(row.received) !== cents(row.ordered);
  const price = row.originalAmount !== null && row.amount !== '' && cents(row.amount) !== cents(row.originalAmount);
  return quantity && price ? 'C' : quantity ? 'A' : price ? 'B' : null;
}

/** The reason the lines as they stand suggest for the whole document (a hint; the supplier chooses it). */
export function suggestedReason(rows: FormRow[]): DiscrepancyReason | null {
  const found = new Set(rows.map(discrepancyOf));
  const quantity = found.has('A') || found.has('C');
  const price = found.has('B') || found.has('C');
  return quantity && price ? 'C' : quantity ? 'A' : price ? 'B' : null;
}

/** The `det` JSON string of the multipart form: every line of the chosen branch (all lines for other orders). */
export function detOf(rows: FormRow[], mode: FormMode): string {
  return JSON.stringify(
    rows.map((r) => ({
      lineNumber: r.lineNumber,
      deliveryAddressCode: r.deliveryAddressCode,
      qty: r.qty || '0',
      ...(mode === 'deliverynote' ? {} : { amount: r.amount || undefined, taxPercent: r.taxPercent || undefined }),
    })),
  );
}

/** Today and 45 days back, as yyyy-mm-dd, on South Africa's calendar: the days the server accepts, wherever the browser is. */
export function invoiceDateWindow(now = new Date()): { min: string; max: string } {
  const today = todayInSouthAfrica(now);
  return { min: daysBefore(today, INVOICE_DATE_WINDOW_DAYS), max: today };
}

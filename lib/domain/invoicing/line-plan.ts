import { multiplyToCents } from '../../exports/pdf-decimal';
import { fromCents, toCents } from '../../format/money';
import { amountExceedsOriginal } from '../../format/numbers';
import { RuleViolationError } from '../errors';
import type { InvoiceLineInput } from './schemas';

/**
 * The server's own reading of the lines of an invoice, credit note or delivery note (spec §5): it never
 * trusts the client's numbers. A pure function, so every rule is unit-tested without a database.
 */

/** An order line as it stands, with what earlier documents already took of it (invoiced, credited or delivered). */
export type OrderLineState = {
  lineNumber: number;
  deliveryAddressCode: string | null;
  catalogueCode: string;
  descr: string | null;
  originalqty: string;
  amount: string | null;
  originalamount: string | null;
  taxPercent: string | null;
  response: string | null;
  orderDescr: string | null;
  /** Quantity already taken by earlier documents of the same kind. */
  done: string;
};

export type PlannedLine = {
  lineNumber: number;
  deliveryAddressCode: string | null;
  catalogueCode: string;
  descr: string | null;
  qty: string;
  amount: string;
  taxPercent: string;
  excl: string;
  taxAmount: string;
};

export type LinePlan = { lines: PlannedLine[]; totals: { excl: string; tax: string; incl: string } };

export type PlanContext = {
  lines: OrderLineState[];
  /** A mixed order's Rejected lines are skipped, as are cancelled lines of any order. */
  isMixed: boolean;
  /** A multi-branch order's chosen delivery address: only its lines count. */
  branch: string | null;
  /** Invoices and credit notes carry prices; a delivery note only quantities. */
  withPrices: boolean;
  /** 'invoiced', 'credited' or 'delivered', for the messages. */
  verb: string;
};

const isCancelled = (l: OrderLineState) => (l.orderDescr ?? '').trim().toLowerCase() === 'cancelled';
const isRejected = (l: OrderLineState) => (l.response ?? '').trim().toLowerCase() === 'rejected';

/** Whether a line can be on the document at all (spec §4: cancelled lines, and Rejected lines of mixed orders, are skipped). */
export const isSkipped = (line: OrderLineState, isMixed: boolean) => isCancelled(line) || (isMixed && isRejected(line));

/** What is left of a line: its original quantity less what was taken, never below 0 (spec §5). */
export const remainingOf = (line: OrderLineState): number => Math.max(0, toCents(line.originalqty) - toCents(line.done));

function refuse(index: number, field: string, message: string): never {
  throw new RuleViolationError(message, { [`det.${index}.${field}`]: [message] });
}

function matchLine(candidates: OrderLineState[], input: InvoiceLineInput, index: number): OrderLineState {
  const ofNumber = candidates.filter((l) => l.lineNumber === input.lineNumber);
  const code = input.deliveryAddressCode ?? null;
  const found = code === null && ofNumber.length === 1 ? ofNumber[0] : ofNumber.find((l) => l.deliveryAddressCode === code);
  if (!found) return refuse(index, 'lineNumber', `Line ${input.lineNumber}${code ? ` (${code})` : ''} is not on this order.`);
  return found;
}

function priced(line: OrderLineState, input: InvoiceLineInput, index: number): { amount: string; taxPercent: string } {
  const original = line.originalamount ?? line.amount;
  const amount = input.amount ?? original;
  if (amount === null || amount === undefined) return refuse(index, 'amount', `Line ${line.lineNumber}: please enter the amount.`);
  if (original !== null && amountExceedsOriginal(amount, original))
    refuse(index, 'amount', `Amount cannot exceed original order amount of ${fromCents(toCents(original))}`);
  // The order's tax percent stands; only a line without one takes the supplier's (taxPercentEditable).
  const taxPercent = line.taxPercent ?? input.taxPercent;
  if (taxPercent === null || taxPercent === undefined)
    return refuse(index, 'taxPercent', `Line ${line.lineNumber}: please enter the tax percent.`);
  return { amount: fromCents(toCents(amount)), taxPercent: Number(taxPercent).toFixed(2) };
}

/** Reads the submitted lines against the order: quantities, prices and totals as the server computes them. */
export function planLines(context: PlanContext, det: InvoiceLineInput[]): LinePlan {
  const inBranch = context.lines.filter((l) => context.branch === null || l.deliveryAddressCode === context.branch);
  const seen = new Set<OrderLineState>();
  const lines: PlannedLine[] = [];
  det.forEach((input, index) => {
    const line = matchLine(inBranch, input, index);
    if (seen.has(line)) refuse(index, 'lineNumber', `Line ${line.lineNumber} is given more than once.`);
    seen.add(line);
    const qty = toCents(input.qty);
    if (isSkipped(line, context.isMixed) || qty === 0) return;
    const remaining = remainingOf(line);
    if (qty > remaining)
      refuse(
        index,
        'qty',
        remaining === 0
          ? `Line ${line.lineNumber} is already fully ${context.verb}: its quantity must be 0.`
          : `Line ${line.lineNumber} cannot be ${context.verb} beyond what was ordered: ${fromCents(remaining)} of ${fromCents(toCents(line.originalqty))} remain.`,
      );
    const { amount, taxPercent } = context.withPrices ? priced(line, input, index) : { amount: '0.00', taxPercent: '0.00' };
    const exclCents = multiplyToCents(input.qty, amount);
    const taxCents = multiplyToCents(fromCents(exclCents), (Number(taxPercent) / 100).toFixed(4));
    lines.push({
      lineNumber: line.lineNumber,
      deliveryAddressCode: line.deliveryAddressCode,
      catalogueCode: line.catalogueCode,
      descr: line.descr,
      qty: input.qty,
      amount,
      taxPercent,
      excl: fromCents(exclCents),
      taxAmount: fromCents(taxCents),
    });
  });
  if (!lines.length)
    throw new RuleViolationError('Enter a quantity on at least one line.', { det: ['Enter a quantity on at least one line.'] });
  const excl = lines.reduce((sum, l) => sum + BigInt(toCents(l.excl)), 0n);
  const tax = lines.reduce((sum, l) => sum + BigInt(toCents(l.taxAmount)), 0n);
  return { lines, totals: { excl: fromCents(excl), tax: fromCents(tax), incl: fromCents(excl + tax) } };
}

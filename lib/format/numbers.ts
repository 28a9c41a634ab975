import { toCents } from './money';

/**
 * Input rules of spec §5 for the invoice, credit-note and delivery-note forms. They work on the
 * text of an input while the user types, so they return strings and keep an unfinished '1.' as is.
 */

type TextInput = string | number | null | undefined;

/** Max two decimals; extra digits are cut, not rounded, so typing a third decimal has no effect. */
const MAX_DECIMALS = 2;
export const TAX_PERCENT_MAX = 100;
export const INVOICE_NUMBER_MAX_LENGTH = 15;
/** A line amount may exceed the original order amount by at most R 0.05 (spec §5, §9). */
export const AMOUNT_TOLERANCE_CENTS = 5;

/** Strips leading zeros and anything that is not a digit or the first '.', keeps a leading '-'. */
export function sanitizeDecimal(input: TextInput): string {
  const text = input === null || input === undefined ? '' : String(input).trim();
  const negative = text.startsWith('-');
  const [rawWhole, ...rest] = text.replace(/[^\d.]/g, '').split('.');
  const hasPoint = rest.length > 0;
  const fraction = rest.join('').slice(0, MAX_DECIMALS);
  let whole = rawWhole.replace(/^0+/, '');
  // Keep a single zero for '0', '000' and '.5' so the value stays readable: '0', '0.5'.
  if (whole === '' && (rawWhole !== '' || hasPoint)) whole = '0';
  const body = hasPoint ? `${whole}.${fraction}` : whole;
  return negative ? `-${body}` : body;
}

function isNegative(sanitized: string): boolean {
  return sanitized.startsWith('-');
}

/** Quantity: a sanitized decimal; any negative quantity becomes '0'. */
export function sanitizeQuantity(input: TextInput): string {
  const value = sanitizeDecimal(input);
  return isNegative(value) ? '0' : value;
}

/** Amount: a sanitized decimal (amounts are never negative on these forms). */
export function sanitizeAmount(input: TextInput): string {
  const value = sanitizeDecimal(input);
  return isNegative(value) ? '0' : value;
}

/** Tax percent: a sanitized decimal clamped to 0..100. */
export function clampTaxPercent(input: TextInput): string {
  const value = sanitizeDecimal(input);
  if (isNegative(value)) return '0';
  if (value !== '' && Number(value) > TAX_PERCENT_MAX) return String(TAX_PERCENT_MAX);
  return value;
}

/** Invoice number: uppercased and cut to 15 characters. */
export function sanitizeInvoiceNumber(input: TextInput): string {
  const text = input === null || input === undefined ? '' : String(input);
  return text.toUpperCase().slice(0, INVOICE_NUMBER_MAX_LENGTH);
}

/** True when amount is more than R 0.05 above the original; unparseable values never exceed. */
export function amountExceedsOriginal(amount: string | number, original: string | number): boolean {
  try {
    return toCents(amount) - toCents(original) > AMOUNT_TOLERANCE_CENTS;
  } catch {
    return false;
  }
}

// Exact decimal arithmetic for the printed line totals. Quantities and prices arrive as numeric
// strings (SQL `numeric`) with any number of decimals; floats would turn 3 × 1.115 into
// 3.3449999…, so values are scaled integers (bigint) and only the final product is rounded.
// Display of money goes through the shared formatter of lib/format.
import { formatMoney, fromCents } from '../format/money';

export type ScaledDecimal = { units: bigint; scale: number };

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/** Parses '1234.5', '-0.25', '+3', '.5' exactly. Throws on anything else (including ''). */
export function parseDecimal(value: string): ScaledDecimal {
  const match = DECIMAL.exec(value.trim());
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) {
    throw new Error(`Not a decimal number: '${value}'`);
  }
  const [, sign, intPart, fracPart = ''] = match;
  const magnitude = BigInt((intPart || '0') + fracPart);
  return { units: sign === '-' ? -magnitude : magnitude, scale: fracPart.length };
}

/** Divides by 10^shift, rounding half away from zero (as lib/format/money does). */
function shiftDownRounded(units: bigint, shift: number): bigint {
  if (shift <= 0) return units * 10n ** BigInt(-shift);
  const divisor = 10n ** BigInt(shift);
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const rounded = (abs + divisor / 2n) / divisor;
  return negative ? -rounded : rounded;
}

/** qty × unit price in integer cents, exact until the single final rounding. */
export function multiplyToCents(qty: string, amount: string): bigint {
  const a = parseDecimal(qty);
  const b = parseDecimal(amount);
  return shiftDownRounded(a.units * b.units, a.scale + b.scale - 2);
}

/** 'R 1,234.50' / '- R 12.00' for a numeric string; throws on a non-number rather than printing ''. */
export function formatRands(value: string): string {
  parseDecimal(value);
  return formatMoney(value);
}

/** 'R 1,234.50' / '- R 12.00' for integer cents. */
export function formatCentsAsRands(cents: bigint): string {
  return formatMoney(fromCents(cents));
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A plain number for quantities and percentages: thousands separated, trailing fractional zeros
 * dropped ('10.00' → '10', '2.50' → '2.5', '-1250.125' → '-1,250.125').
 */
export function formatPlainDecimal(value: string): string {
  const { units, scale } = parseDecimal(value);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const intPart = digits.slice(0, digits.length - scale);
  const fracPart = digits.slice(digits.length - scale).replace(/0+$/, '');
  const body = groupThousands(intPart) + (fracPart ? `.${fracPart}` : '');
  return negative ? `-${body}` : body;
}

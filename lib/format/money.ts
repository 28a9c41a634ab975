/**
 * Money is exact (design §4): amounts arrive as decimal strings from PostgreSQL `numeric`
 * and are handled as integer cents, never as binary floats. Formatting happens only at the edge.
 */

export type MoneyInput = string | number | bigint | null | undefined;

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/** Parses to cents (bigint, rounded half away from zero) or null when empty or not a decimal. */
function parseCents(value: MoneyInput): bigint | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value * 100n;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // String() gives the shortest round-trip form (1.005 → '1.005'), which is what the user typed;
    // only tiny or huge numbers use exponent notation, and toFixed expands those.
    text = String(value);
    if (/e/i.test(text)) text = value.toFixed(20);
  } else {
    text = value.trim();
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const padded = (fraction + '000').slice(0, 3);
  let cents = BigInt(whole || '0') * 100n + BigInt(padded.slice(0, 2));
  // Half-up on the magnitude: only the third decimal decides; later digits cannot change the result.
  if (Number(padded[2]) >= 5) cents += 1n;
  return sign === '-' ? -cents : cents;
}

/** Exact cents of a decimal string or number; throws on anything that is not a decimal. */
export function toCents(value: string | number): number {
  const cents = parseCents(value);
  if (cents === null) throw new TypeError(`Not a decimal amount: ${String(value)}`);
  if (cents > BigInt(Number.MAX_SAFE_INTEGER) || cents < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`Amount too large for exact arithmetic: ${String(value)}`);
  }
  return Number(cents) || 0; // `|| 0` turns -0 into 0
}

/** Cents back to a plain decimal string with two decimals ('-1234.50'), the form the API accepts. */
export function fromCents(cents: number | bigint): string {
  if (typeof cents === 'number' && !Number.isInteger(cents)) {
    throw new TypeError(`Cents must be an integer: ${cents}`);
  }
  const big = BigInt(cents);
  const negative = big < 0n;
  const abs = negative ? -big : big;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 'R 1,234.50'; negatives '- R 12.00'; null, empty or non-numeric input gives ''. */
export function formatMoney(value: MoneyInput): string {
  const cents = parseCents(value);
  if (cents === null) return '';
  const negative = cents < 0n;
  const [whole, fraction] = fromCents(negative ? -cents : cents).split('.');
  const text = `R ${groupThousands(whole)}.${fraction}`;
  return negative ? `- ${text}` : text;
}

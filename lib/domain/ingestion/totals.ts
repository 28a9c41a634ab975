import type { IngestedDocument } from './schemas';

/** "12.50" → 1250n: every decimal the schema lets through has exactly two places (schemas.ts `decimal`). */
const cents = (decimal: string) => BigInt(decimal.replace('.', ''));
const asDecimal = (centsValue: bigint) => {
  const text = centsValue.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
};
/** Rounds a non-negative value held in units of 1/`scale` cent to whole cents, half up (PostgreSQL's round() on numeric). */
const roundToCents = (value: bigint, scale: bigint) => (value + scale / 2n) / scale;

/**
 * The totals of a document from its lines, exactly as totalsSql (document-rows.ts) computes them in
 * PostgreSQL: excluding tax is the sum of qty × amount rounded to the cent, tax the sum of each line's
 * qty × amount × tax% / 100 rounded to the cent. In integers (BigInt), so nothing is lost to floating point;
 * the bulk path computes them here to insert many documents with one statement.
 */
export function documentTotals(doc: IngestedDocument): { excl: string; tax: string; incl: string } {
  let exclTenThousandths = 0n;
  let taxCents = 0n;
  for (const line of doc.lines) {
    const net = cents(line.qty) * cents(line.amount); // in 1/10,000
    exclTenThousandths += net;
    // qty × amount × tax% / 100 = net × taxCents / 10^8 currency units = net × taxCents / 10^6 cents.
    taxCents += roundToCents(net * cents(line.taxPercent), 1_000_000n);
  }
  const excl = roundToCents(exclTenThousandths, 100n);
  return { excl: asDecimal(excl), tax: asDecimal(taxCents), incl: asDecimal(excl + taxCents) };
}

import { multiplyToCents } from '../../exports/pdf-decimal';
import { fromCents } from '../../format/money';
import type { UblDocument, UblLine, UblProblem } from './ubl-document';
import type { OrderLineState, PlannedLine } from './line-plan';
import { invoiceLineSchema, type InvoiceLineInput } from './schemas';

/*
 * The lines of an uploaded UBL file matched to the order's lines (by line number, else by item code),
 * with the tax the portal computes for each, exactly as line-plan.ts does: per line, to the cent.
 */

/** A planned line (line-plan.ts) with its position in the file. */
export type PreviewLine = PlannedLine & { position: number };

export type MatchedLines = { det: InvoiceLineInput[]; lines: PreviewLine[]; wheres: string[]; problems: UblProblem[] };

const label = (line: UblLine) => `Line ${line.position}${line.id ? ` (ID ${line.id})` : ''}`;
const sameCode = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

function matchOne(line: UblLine, candidates: OrderLineState[], docno: string): OrderLineState | string {
  const codes = [line.sellersItemCode, line.buyersItemCode].filter((c): c is string => c !== null);
  const byNumber = /^\d{1,9}$/.test(line.id ?? '') ? candidates.find((c) => c.lineNumber === Number(line.id)) : undefined;
  if (byNumber) {
    if (codes.length && !codes.some((code) => sameCode(code, byNumber.catalogueCode)))
      return `${label(line)}: line ${byNumber.lineNumber} of order ${docno} is item ${byNumber.catalogueCode}, not ${codes.join(' / ')}.`;
    return byNumber;
  }
  const byCode = candidates.filter((c) => codes.some((code) => sameCode(code, c.catalogueCode)));
  if (byCode.length === 1) return byCode[0];
  if (byCode.length > 1)
    return `${label(line)}: item ${codes.join(' / ')} is on several lines of order ${docno}; give the order's line number as the line ID.`;
  return `${label(line)}: order ${docno} has no line ${line.id ?? ''}${codes.length ? ` and no item ${codes.join(' / ')}` : ''}.`;
}

/** Matches every line, listing each problem by the line it is on; `states` are the order's lines (of the branch). */
export function matchLines(doc: UblDocument, states: OrderLineState[], docno: string): MatchedLines {
  const result: MatchedLines = { det: [], lines: [], wheres: [], problems: [] };
  const taken = new Map<OrderLineState, number>();
  for (const line of doc.lines) {
    const found = matchOne(line, states, docno);
    if (typeof found === 'string') {
      result.problems.push({ field: `${line.where}/ID`, message: found });
      continue;
    }
    const twice = taken.get(found);
    if (twice !== undefined) {
      result.problems.push({
        field: `${line.where}/ID`,
        message: `${label(line)}: order line ${found.lineNumber} is already line ${twice} of the file.`,
      });
      continue;
    }
    taken.set(found, line.position);
    const parsed = invoiceLineSchema.safeParse({
      lineNumber: found.lineNumber,
      deliveryAddressCode: found.deliveryAddressCode,
      qty: line.qty ?? '',
      amount: line.price ?? '',
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        result.problems.push({
          field: `${line.where}/${issue.path[0] === 'qty' ? 'Quantity' : 'Price/PriceAmount'}`,
          message: `${label(line)}: ${issue.message}`,
        });
      continue;
    }
    const taxPercent = found.taxPercent ?? line.taxPercent;
    if (taxPercent === null) {
      result.problems.push({
        field: `${line.where}/Item/ClassifiedTaxCategory/Percent`,
        message: `${label(line)}: the VAT rate is missing.`,
      });
      continue;
    }
    if (line.taxPercent !== null && Number(line.taxPercent) !== Number(taxPercent))
      result.problems.push({
        field: `${line.where}/Item/ClassifiedTaxCategory/Percent`,
        message: `${label(line)}: VAT ${line.taxPercent} % differs from the order's ${Number(taxPercent)} % for line ${found.lineNumber}.`,
      });
    const det = parsed.data;
    const excl = multiplyToCents(det.qty, det.amount!);
    const tax = multiplyToCents(fromCents(excl), (Number(taxPercent) / 100).toFixed(4));
    result.det.push(det);
    result.wheres.push(line.where);
    result.lines.push({
      position: line.position,
      lineNumber: found.lineNumber,
      deliveryAddressCode: found.deliveryAddressCode,
      catalogueCode: found.catalogueCode,
      descr: found.descr ?? line.name,
      qty: det.qty,
      amount: det.amount!,
      taxPercent: Number(taxPercent).toFixed(2),
      excl: fromCents(excl),
      taxAmount: fromCents(tax),
    });
  }
  return result;
}

/** The totals the portal computes from the matched lines. */
export function totalsOf(lines: PreviewLine[]): { excl: string; tax: string; incl: string } {
  const excl = lines.reduce((sum, l) => sum + multiplyToCents(l.excl, '1'), 0n);
  const tax = lines.reduce((sum, l) => sum + multiplyToCents(l.taxAmount, '1'), 0n);
  return { excl: fromCents(excl), tax: fromCents(tax), incl: fromCents(excl + tax) };
}

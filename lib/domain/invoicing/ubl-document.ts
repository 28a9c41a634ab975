import { multiplyToCents } from '../../exports/pdf-decimal';
import { fromCents } from '../../format/money';
import { RuleViolationError } from '../errors';
import { all, find, textAt, type XmlElement } from './ubl-xml';

/*
 * An uploaded UBL 2.1 Invoice or CreditNote as the portal reads it, with EN 16931's arithmetic checked
 * (the BR-CO rules a validator would apply) so a supplier learns which total of their ERP's file is off.
 */

const ROOTS = {
  '{urn:oasis:names:specification:ubl:schema:xsd:Invoice-2}Invoice': 'invoice',
  '{urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2}CreditNote': 'creditnote',
} as const;

export type UblProblem = { field: string; message: string };

export type UblLine = {
  /** Position in the file, 1-based, and the field path that names the line in problems. */
  position: number;
  where: string;
  id: string | null;
  qty: string | null;
  lineAmount: string | null;
  price: string | null;
  sellersItemCode: string | null;
  buyersItemCode: string | null;
  name: string | null;
  taxPercent: string | null;
};

export type UblDocument = {
  kind: 'invoice' | 'creditnote';
  lineName: 'InvoiceLine' | 'CreditNoteLine';
  id: string | null;
  issueDate: string | null;
  currency: string | null;
  orderReference: string | null;
  despatchReference: string | null;
  deliveryLocation: string | null;
  totals: { lineExtension: string | null; taxExclusive: string | null; taxInclusive: string | null; payable: string | null };
  taxTotal: string | null;
  /** The VAT of each TaxSubtotal (one per category and rate). */
  subtotalTaxes: (string | null)[];
  lines: UblLine[];
};

const DECIMAL = /^-?\d{1,12}(\.\d+)?$/;
const MONEY = /^-?\d{1,12}(\.\d{1,2})?$/;
const cents = (value: string) => multiplyToCents(value, '1');

/** Reads the parts of the document the portal uses, refusing a file that is not a UBL 2.1 Invoice or CreditNote. */
export function ublDocumentOf(root: XmlElement): UblDocument {
  const kind = ROOTS[root.name as keyof typeof ROOTS];
  if (!kind) {
    const message = `The file is XML but not a UBL 2.1 Invoice or CreditNote (its root element is ${root.name.replace(/^\{[^}]*\}/, '')}).`;
    throw new RuleViolationError(message, { file: [message] });
  }
  const lineName = kind === 'invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  const qtyName = kind === 'invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity';
  const money = find(root, 'cac:LegalMonetaryTotal');
  return {
    kind,
    lineName,
    id: textAt(root, 'cbc:ID'),
    issueDate: textAt(root, 'cbc:IssueDate'),
    currency: textAt(root, 'cbc:DocumentCurrencyCode'),
    orderReference: textAt(root, 'cac:OrderReference/cbc:ID'),
    despatchReference: textAt(root, 'cac:DespatchDocumentReference/cbc:ID'),
    deliveryLocation: textAt(root, 'cac:Delivery/cac:DeliveryLocation/cbc:ID'),
    totals: {
      lineExtension: textAt(money, 'cbc:LineExtensionAmount'),
      taxExclusive: textAt(money, 'cbc:TaxExclusiveAmount'),
      taxInclusive: textAt(money, 'cbc:TaxInclusiveAmount'),
      payable: textAt(money, 'cbc:PayableAmount'),
    },
    taxTotal: textAt(root, 'cac:TaxTotal/cbc:TaxAmount'),
    subtotalTaxes: all(find(root, 'cac:TaxTotal'), 'cac:TaxSubtotal').map((s) => textAt(s, 'cbc:TaxAmount')),
    lines: all(root, `cac:${lineName}`).map((line, i) => ({
      position: i + 1,
      where: `${lineName}[${i + 1}]`,
      id: textAt(line, 'cbc:ID'),
      qty: textAt(line, qtyName),
      lineAmount: textAt(line, 'cbc:LineExtensionAmount'),
      price: textAt(line, 'cac:Price/cbc:PriceAmount'),
      sellersItemCode: textAt(line, 'cac:Item/cac:SellersItemIdentification/cbc:ID'),
      buyersItemCode: textAt(line, 'cac:Item/cac:BuyersItemIdentification/cbc:ID'),
      name: textAt(line, 'cac:Item/cbc:Name'),
      taxPercent: textAt(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:Percent'),
    })),
  };
}

/** What the portal cannot take from a UBL file although EN 16931 allows it: said plainly rather than ignored. */
export function unsupportedParts(root: XmlElement, doc: UblDocument): UblProblem[] {
  const problems: UblProblem[] = [];
  if (all(root, 'cac:AllowanceCharge').length)
    problems.push({
      field: 'AllowanceCharge',
      message: 'Document level allowances and charges cannot be taken: put them in the line prices.',
    });
  all(root, `cac:${doc.lineName}`).forEach((line, i) => {
    if (all(line, 'cac:AllowanceCharge').length)
      problems.push({
        field: `${doc.lineName}[${i + 1}]/AllowanceCharge`,
        message: `Line ${i + 1}: line allowances and charges cannot be taken: put them in the price.`,
      });
    const base = textAt(line, 'cac:Price/cbc:BaseQuantity');
    if (base !== null && Number(base) !== 1)
      problems.push({
        field: `${doc.lineName}[${i + 1}]/Price/BaseQuantity`,
        message: `Line ${i + 1}: the price must be per unit (BaseQuantity 1), not per ${base}.`,
      });
  });
  if (
    textAt(find(root, 'cac:LegalMonetaryTotal'), 'cbc:PrepaidAmount') !== null ||
    textAt(find(root, 'cac:LegalMonetaryTotal'), 'cbc:PayableRoundingAmount') !== null
  )
    problems.push({
      field: 'LegalMonetaryTotal',
      message: 'Prepaid and rounding amounts cannot be taken: the amount due must be the total with VAT.',
    });
  return problems;
}

/** EN 16931's mandatory fields and arithmetic (BR-CO-10, -13, -14, -15, -16, PEPPOL-EN16931-R120), every failure listed. */
export function arithmeticProblems(doc: UblDocument): UblProblem[] {
  const problems: UblProblem[] = [];
  const need = (value: string | null, field: string, what: string, pattern = MONEY): value is string => {
    if (value === null) problems.push({ field, message: `${what} is missing.` });
    else if (!pattern.test(value))
      problems.push({
        field,
        message: `${what} must be a number${pattern === MONEY ? ' with at most two decimals' : ''}, not "${value}".`,
      });
    else return true;
    return false;
  };
  if (!doc.lines.length)
    problems.push({ field: doc.lineName, message: `The ${doc.kind === 'invoice' ? 'invoice' : 'credit note'} has no lines (BR-16).` });
  let lineSum = 0n;
  let linesOk = true;
  for (const line of doc.lines) {
    const label = `Line ${line.position}${line.id ? ` (ID ${line.id})` : ''}`;
    const okQty = need(line.qty, `${line.where}/Quantity`, `${label}: the quantity`, DECIMAL);
    const okPrice = need(line.price, `${line.where}/Price/PriceAmount`, `${label}: the price`, DECIMAL);
    const okAmount = need(line.lineAmount, `${line.where}/LineExtensionAmount`, `${label}: the line amount`);
    if (!okAmount) {
      linesOk = false;
      continue;
    }
    lineSum += cents(line.lineAmount!);
    if (okQty && okPrice) {
      const expected = multiplyToCents(line.qty!, line.price!);
      if (expected !== cents(line.lineAmount!))
        problems.push({
          field: `${line.where}/LineExtensionAmount`,
          message: `${label}: quantity ${line.qty} × price ${line.price} is ${fromCents(expected)}, but the line amount says ${line.lineAmount} (PEPPOL-EN16931-R120).`,
        });
    }
  }
  const t = doc.totals;
  const ok = {
    lineExtension: need(t.lineExtension, 'LegalMonetaryTotal/LineExtensionAmount', 'The sum of line amounts (BT-106)'),
    taxExclusive: need(t.taxExclusive, 'LegalMonetaryTotal/TaxExclusiveAmount', 'The total without VAT (BT-109)'),
    taxInclusive: need(t.taxInclusive, 'LegalMonetaryTotal/TaxInclusiveAmount', 'The total with VAT (BT-112)'),
    payable: need(t.payable, 'LegalMonetaryTotal/PayableAmount', 'The amount due (BT-115)'),
    tax: need(doc.taxTotal, 'TaxTotal/TaxAmount', 'The total VAT (BT-110)'),
  };
  const mismatch = (field: string, rule: string, what: string, said: string, expected: bigint) => {
    if (cents(said) !== expected)
      problems.push({ field, message: `${what} says ${said}, but it must be ${fromCents(expected)} (${rule}).` });
  };
  if (ok.lineExtension && linesOk)
    mismatch('LegalMonetaryTotal/LineExtensionAmount', 'BR-CO-10', 'The sum of line amounts', t.lineExtension!, lineSum);
  if (ok.taxExclusive && ok.lineExtension)
    mismatch('LegalMonetaryTotal/TaxExclusiveAmount', 'BR-CO-13', 'The total without VAT', t.taxExclusive!, cents(t.lineExtension!));
  const subtotals = doc.subtotalTaxes.filter((v, i) => need(v, `TaxTotal/TaxSubtotal[${i + 1}]/TaxAmount`, `VAT of subtotal ${i + 1}`));
  if (ok.tax && subtotals.length === doc.subtotalTaxes.length)
    mismatch(
      'TaxTotal/TaxAmount',
      'BR-CO-14',
      'The total VAT',
      doc.taxTotal!,
      subtotals.reduce((sum, v) => sum + cents(v!), 0n),
    );
  if (ok.taxInclusive && ok.taxExclusive && ok.tax)
    mismatch(
      'LegalMonetaryTotal/TaxInclusiveAmount',
      'BR-CO-15',
      'The total with VAT',
      t.taxInclusive!,
      cents(t.taxExclusive!) + cents(doc.taxTotal!),
    );
  if (ok.payable && ok.taxInclusive)
    mismatch('LegalMonetaryTotal/PayableAmount', 'BR-CO-16', 'The amount due', t.payable!, cents(t.taxInclusive!));
  return problems;
}

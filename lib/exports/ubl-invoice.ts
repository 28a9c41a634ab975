// An invoice or credit note as UBL 2.1 XML per Peppol BIS Billing 3.0 (which the official EN 16931 and Peppol
// Schematron rules check in tests/integration/invoicing/ubl-rules.test.ts): a pure function over plain data
// (no database, no Next), written with one escaping element builder.
import { fromCents, toCents } from '../format/money';
import { multiplyToCents } from './pdf-decimal';
import type { PdfDocumentInput } from './document-pdf-types';

/** A party's e-invoicing identifiers: its electronic address (BT-34/BT-49) with the address's EAS scheme, and its VAT number. */
export type UblPartyIds = { electronicAddress?: string | null; electronicAddressScheme?: string | null; vatNumber?: string | null };

export type UblInput = PdfDocumentInput & {
  isCreditNote: boolean;
  deliverynoteNumber?: string | null;
  currency?: string;
  seller?: UblPartyIds & { registrationNumber?: string | null };
  buyer?: UblPartyIds;
  /** The vendor's payment terms: the invoice is due this many days after its date (BT-9, BT-20). */
  paymentTermsDays?: number | null;
};

const CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

/** XML text and attribute values: the five reserved characters escaped, and characters XML 1.0 cannot hold dropped. */
export function escapeXml(value: string): string {
  return value
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

type Node = string;
/** One element: its children (already built) or a text value, which is escaped; empty optional values leave it out. */
function el(name: string, content: Node[] | string | null | undefined, attributes: Record<string, string> = {}): Node {
  if (content === null || content === undefined || content === '' || (Array.isArray(content) && !content.length)) return '';
  const attrs = Object.entries(attributes)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  const body = Array.isArray(content) ? content.filter(Boolean).join('') : escapeXml(content);
  return `<${name}${attrs}>${body}</${name}>`;
}

const money = (currency: string, cents: bigint | number) => ({ currencyID: currency, value: fromCents(cents) });
const amountEl = (name: string, m: { currencyID: string; value: string }) => el(name, m.value, { currencyID: m.currencyID });

/** Peppol tax category: S standard rate, Z zero rated. */
const taxCategoryOf = (percent: string) => (Number(percent) > 0 ? 'S' : 'Z');
const percentText = (percent: string) => String(Number(percent));

function taxCategory(name: string, percent: string): Node {
  return el(name, [
    el('cbc:ID', taxCategoryOf(percent)),
    el('cbc:Percent', percentText(percent)),
    el('cac:TaxScheme', [el('cbc:ID', 'VAT')]),
  ]);
}

/**
 * A VAT identifier as EN 16931 wants it (BR-CO-09): prefixed with the country code. South African VAT numbers
 * are kept as their 10 digits, so 'ZA' is put in front unless the number already starts with a country code.
 */
export function vatIdentifier(vatNumber: string): string {
  const compact = vatNumber.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]{2}/.test(compact) ? compact : `ZA${compact}`;
}

/** The due date of an invoice dated `issueDate` (yyyy-mm-dd) payable `days` later, counted in calendar days. */
export function dueDate(issueDate: string, days: number): string {
  const date = new Date(`${issueDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

type PartyInput = UblPartyIds & { name: string; code?: string; address?: string; registrationNumber?: string | null };

// Element order is UBL 2.1's (xsd:sequence): EndpointID, identification, name, address, tax scheme, legal entity.
function party(name: string, p: PartyInput): Node {
  const endpoint = p.electronicAddress && p.electronicAddressScheme;
  return el(name, [
    el('cac:Party', [
      endpoint ? el('cbc:EndpointID', p.electronicAddress, { schemeID: p.electronicAddressScheme! }) : '',
      el('cac:PartyIdentification', [el('cbc:ID', p.code)]),
      el('cac:PartyName', [el('cbc:Name', p.name)]),
      el('cac:PostalAddress', [el('cbc:StreetName', p.address), el('cac:Country', [el('cbc:IdentificationCode', 'ZA')])]),
      p.vatNumber
        ? el('cac:PartyTaxScheme', [el('cbc:CompanyID', vatIdentifier(p.vatNumber)), el('cac:TaxScheme', [el('cbc:ID', 'VAT')])])
        : '',
      el('cac:PartyLegalEntity', [el('cbc:RegistrationName', p.name), el('cbc:CompanyID', p.registrationNumber)]),
    ]),
  ]);
}

/** A unit price with at least two decimals and no more than it has ('1.115', '10.00'). */
function priceText(price: string): string {
  const [whole, fraction = ''] = price.trim().split('.');
  return `${whole || '0'}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

const termsNote = (days: number) => `Payment within ${days} days of the invoice date`;

type Line = { id: number; qty: string; price: string; percent: string; net: bigint; name: string; code: string };

/** Builds the XML. Line and document totals are recomputed here from quantity × price, to the cent. */
export function buildUblInvoice(input: UblInput): string {
  const currency = input.currency ?? 'ZAR';
  const root = input.isCreditNote ? 'CreditNote' : 'Invoice';
  const lines: Line[] = input.lines.map((l) => ({
    id: l.lineNumber,
    qty: l.qty,
    price: l.amount ?? '0',
    // One key per rate however it is written ('15' and '15.00' are one subtotal).
    percent: Number(l.taxPercent ?? '0').toFixed(2),
    net: multiplyToCents(l.qty, l.amount ?? '0'),
    name: l.descr || l.catalogueCode,
    code: l.catalogueCode,
  }));
  // One tax subtotal per rate: taxable amount and the tax on it.
  const byRate = new Map<string, { taxable: bigint; tax: bigint }>();
  for (const l of lines) {
    const rate = byRate.get(l.percent) ?? { taxable: 0n, tax: 0n };
    rate.taxable += l.net;
    rate.tax += multiplyToCents(fromCents(l.net), (Number(l.percent) / 100).toFixed(4));
    byRate.set(l.percent, rate);
  }
  const net = lines.reduce((sum, l) => sum + l.net, 0n);
  const tax = [...byRate.values()].reduce((sum, r) => sum + r.tax, 0n);
  const terms = input.paymentTermsDays ?? null;
  // BR-CO-25: an invoice with an amount due names when it is due. A credit note is not paid by the buyer.
  const due = !input.isCreditNote && terms !== null ? dueDate(input.docDate, terms) : null;

  const body = [
    el('cbc:CustomizationID', CUSTOMIZATION_ID),
    el('cbc:ProfileID', PROFILE_ID),
    el('cbc:ID', input.docno),
    el('cbc:IssueDate', input.docDate),
    el('cbc:DueDate', due),
    el(input.isCreditNote ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', input.isCreditNote ? '381' : '380'),
    el('cbc:DocumentCurrencyCode', currency),
    el('cbc:BuyerReference', input.orderno ?? input.docno),
    input.orderno ? el('cac:OrderReference', [el('cbc:ID', input.orderno)]) : '',
    input.deliverynoteNumber ? el('cac:DespatchDocumentReference', [el('cbc:ID', input.deliverynoteNumber)]) : '',
    party('cac:AccountingSupplierParty', {
      ...input.supplier,
      ...input.seller,
      vatNumber: input.seller?.vatNumber ?? input.supplier.vatNumber,
    }),
    party('cac:AccountingCustomerParty', { name: input.retailer.name, code: input.retailer.code, ...input.buyer }),
    input.deliveryAddress
      ? el('cac:Delivery', [
          el('cbc:ActualDeliveryDate', input.deliveryDate),
          el('cac:DeliveryLocation', [el('cbc:ID', input.deliveryAddress.addressCode ?? input.deliveryAddress.code)]),
        ])
      : '',
    due !== null ? el('cac:PaymentTerms', [el('cbc:Note', termsNote(terms!))]) : '',
    el('cac:TaxTotal', [
      amountEl('cbc:TaxAmount', money(currency, tax)),
      ...[...byRate.entries()].map(([percent, r]) =>
        el('cac:TaxSubtotal', [
          amountEl('cbc:TaxableAmount', money(currency, r.taxable)),
          amountEl('cbc:TaxAmount', money(currency, r.tax)),
          taxCategory('cac:TaxCategory', percent),
        ]),
      ),
    ]),
    el('cac:LegalMonetaryTotal', [
      amountEl('cbc:LineExtensionAmount', money(currency, net)),
      amountEl('cbc:TaxExclusiveAmount', money(currency, net)),
      amountEl('cbc:TaxInclusiveAmount', money(currency, net + tax)),
      amountEl('cbc:PayableAmount', money(currency, net + tax)),
    ]),
    ...lines.map((l) =>
      el(input.isCreditNote ? 'cac:CreditNoteLine' : 'cac:InvoiceLine', [
        el('cbc:ID', String(l.id)),
        el(input.isCreditNote ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', fromCents(toCents(l.qty)), { unitCode: 'EA' }),
        amountEl('cbc:LineExtensionAmount', money(currency, l.net)),
        el('cac:Item', [
          el('cbc:Name', l.name),
          el('cac:SellersItemIdentification', [el('cbc:ID', l.code)]),
          taxCategory('cac:ClassifiedTaxCategory', l.percent),
        ]),
        // The unit price as agreed, not rounded to the cent: Peppol checks quantity × price against the line amount.
        el('cac:Price', [el('cbc:PriceAmount', priceText(l.price), { currencyID: currency })]),
      ]),
    ),
  ];
  const ns = `xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="${CAC}" xmlns:cbc="${CBC}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} ${ns}>${body.filter(Boolean).join('')}</${root}>\n`;
}

// An invoice or credit note as UBL 2.1 XML with the element names of Peppol BIS Billing 3.0: a pure
// function over plain data (no database, no Next), written with one escaping element builder.
import { fromCents, toCents } from '../format/money';
import { multiplyToCents } from './pdf-decimal';
import type { PdfDocumentInput } from './document-pdf-types';

export type UblInput = PdfDocumentInput & { isCreditNote: boolean; deliverynoteNumber?: string | null; currency?: string };

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

function party(name: string, p: { name: string; code?: string; vatNumber?: string; address?: string }): Node {
  return el(name, [
    el('cac:Party', [
      el('cac:PartyIdentification', [el('cbc:ID', p.code)]),
      el('cac:PartyName', [el('cbc:Name', p.name)]),
      el('cac:PostalAddress', [el('cbc:StreetName', p.address), el('cac:Country', [el('cbc:IdentificationCode', 'ZA')])]),
      p.vatNumber ? el('cac:PartyTaxScheme', [el('cbc:CompanyID', p.vatNumber), el('cac:TaxScheme', [el('cbc:ID', 'VAT')])]) : '',
      el('cac:PartyLegalEntity', [el('cbc:RegistrationName', p.name)]),
    ]),
  ]);
}

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

  const body = [
    el('cbc:CustomizationID', CUSTOMIZATION_ID),
    el('cbc:ProfileID', PROFILE_ID),
    el('cbc:ID', input.docno),
    el('cbc:IssueDate', input.docDate),
    el(input.isCreditNote ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', input.isCreditNote ? '381' : '380'),
    el('cbc:DocumentCurrencyCode', currency),
    el('cbc:BuyerReference', input.orderno ?? input.docno),
    input.orderno ? el('cac:OrderReference', [el('cbc:ID', input.orderno)]) : '',
    input.deliverynoteNumber ? el('cac:DespatchDocumentReference', [el('cbc:ID', input.deliverynoteNumber)]) : '',
    party('cac:AccountingSupplierParty', input.supplier),
    party('cac:AccountingCustomerParty', { name: input.retailer.name, code: input.retailer.code }),
    input.deliveryAddress
      ? el('cac:Delivery', [
          el('cbc:ActualDeliveryDate', input.deliveryDate),
          el('cac:DeliveryLocation', [el('cbc:ID', input.deliveryAddress.addressCode ?? input.deliveryAddress.code)]),
        ])
      : '',
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
        el('cac:Price', [amountEl('cbc:PriceAmount', money(currency, toCents(l.price)))]),
      ]),
    ),
  ];
  const ns = `xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="${CAC}" xmlns:cbc="${CBC}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} ${ns}>${body.filter(Boolean).join('')}</${root}>\n`;
}

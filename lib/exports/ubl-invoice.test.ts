/** @jest-environment jsdom */
import { buildUblInvoice, dueDate, escapeXml, vatIdentifier, type UblInput } from './ubl-invoice';

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

const input: UblInput = {
  docno: 'INV<&>01',
  orderno: 'PO00000042',
  xdocTypeCode: 'invoice',
  xdocSubTypeCode: 'normal',
  wfStatusCode: 'received',
  docDate: '2026-11-20',
  deliveryDate: '2026-11-22',
  retailer: { name: 'Baobab "Value" Stores', code: 'SUB01' },
  supplier: { name: 'Highveld Dairy & Co', code: 'V0001', vatNumber: '4123456789', address: '1 Main Rd' },
  deliveryAddress: { name: 'Cape Town CBD', code: 'S001', addressCode: 'ADDR-1' },
  totals: { excl: '0', tax: '0', incl: '0' },
  lines: [
    { lineNumber: 1, catalogueCode: '101001', descr: 'Milk 1L', qty: '3', amount: '1.115', taxPercent: '15' },
    { lineNumber: 2, catalogueCode: '101002', descr: 'Bread', qty: '2.5', amount: '10.00', taxPercent: '0' },
    { lineNumber: 3, catalogueCode: '101003', descr: null, qty: '1', amount: '99.99', taxPercent: '15.00' },
  ],
  isCreditNote: false,
  deliverynoteNumber: 'DN-7',
  seller: { electronicAddress: '6009900000015', electronicAddressScheme: '0088', registrationNumber: '2001/123456/07' },
  buyer: { electronicAddress: '6009910000012', electronicAddressScheme: '0088', vatNumber: '4987654321' },
  paymentTermsDays: 45,
};

function parse(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

const texts = (parent: Element | Document, name: string) => [...parent.getElementsByTagNameNS(CBC, name)].map((e) => e.textContent ?? '');
const cents = (text: string) => Math.round(Number(text) * 100);
const direct = (parent: Element, ns: string, name: string) =>
  [...parent.children].filter((c) => c.namespaceURI === ns && c.localName === name);

describe('buildUblInvoice', () => {
  it('writes a well-formed UBL 2.1 invoice with the Peppol BIS 3.0 mandatory fields', () => {
    const doc = parse(buildUblInvoice(input));
    const root = doc.documentElement;
    expect(root.localName).toBe('Invoice');
    expect(root.namespaceURI).toBe('urn:oasis:names:specification:ubl:schema:xsd:Invoice-2');
    const own = (name: string) => direct(root, CBC, name).map((e) => e.textContent);
    expect(own('CustomizationID')).toEqual(['urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0']);
    expect(own('ProfileID')).toEqual(['urn:fdc:peppol.eu:2017:poacc:billing:01:1.0']);
    expect(own('ID')).toEqual(['INV<&>01']);
    expect(own('IssueDate')).toEqual(['2026-11-20']);
    expect(own('InvoiceTypeCode')).toEqual(['380']);
    expect(own('DocumentCurrencyCode')).toEqual(['ZAR']);
    expect(own('BuyerReference')).toEqual(['PO00000042']);
    const names = texts(doc, 'Name');
    expect(names).toEqual(expect.arrayContaining(['Highveld Dairy & Co', 'Baobab "Value" Stores']));
    // BR-CO-09: VAT identifiers carry the country code; the seller's registration number is its legal entity's id.
    expect(texts(doc, 'CompanyID')).toEqual(['ZA4123456789', '2001/123456/07', 'ZA4987654321']);
    expect(doc.getElementsByTagNameNS('*', 'InvoiceLine')).toHaveLength(3);
    for (const amount of doc.querySelectorAll('[currencyID]')) expect(amount.getAttribute('currencyID')).toBe('ZAR');
  });

  it('has totals that add up, to the cent: lines, tax subtotals per rate, exclusive + tax = inclusive = payable', () => {
    const doc = parse(buildUblInvoice(input));
    const lines = [...doc.getElementsByTagNameNS('*', 'InvoiceLine')];
    const lineSum = lines.reduce((sum, l) => sum + cents(texts(l, 'LineExtensionAmount')[0]), 0);
    // 3 × 1.115 = 3.345 → 3.35 (exact half-up, not 3.3449999…); 2.5 × 10 = 25.00; 99.99.
    expect(lines.map((l) => texts(l, 'LineExtensionAmount')[0])).toEqual(['3.35', '25.00', '99.99']);
    const total = (name: string) => cents(texts(doc.getElementsByTagNameNS('*', 'LegalMonetaryTotal')[0], name)[0]);
    expect(total('LineExtensionAmount')).toBe(lineSum);
    expect(total('TaxExclusiveAmount')).toBe(lineSum);
    const taxTotal = doc.getElementsByTagNameNS('*', 'TaxTotal')[0];
    const subtotals = [...taxTotal.getElementsByTagNameNS('*', 'TaxSubtotal')];
    expect(
      subtotals.map((s) => [texts(s, 'ID')[0], texts(s, 'Percent')[0], texts(s, 'TaxableAmount')[0], texts(s, 'TaxAmount')[0]]),
    ).toEqual([
      ['S', '15', '103.34', '15.50'],
      ['Z', '0', '25.00', '0.00'],
    ]);
    const tax = cents(direct(taxTotal, CBC, 'TaxAmount')[0].textContent!);
    expect(tax).toBe(subtotals.reduce((sum, s) => sum + cents(direct(s, CBC, 'TaxAmount')[0].textContent!), 0));
    expect(total('TaxInclusiveAmount')).toBe(lineSum + tax);
    expect(total('PayableAmount')).toBe(lineSum + tax);
  });

  it('names both parties by electronic address with its scheme (Peppol R020, R010), first in each party', () => {
    const doc = parse(buildUblInvoice(input));
    const party = (name: string) => doc.getElementsByTagNameNS('*', name)[0].getElementsByTagNameNS('*', 'Party')[0];
    for (const [name, address] of [
      ['AccountingSupplierParty', '6009900000015'],
      ['AccountingCustomerParty', '6009910000012'],
    ]) {
      const first = party(name).firstElementChild!;
      expect([first.localName, first.getAttribute('schemeID'), first.textContent]).toEqual(['EndpointID', '0088', address]);
    }
  });

  it('gives an invoice its due date and payment terms from the vendor terms (BR-CO-25), in the element order of UBL', () => {
    const doc = parse(buildUblInvoice(input));
    const root = doc.documentElement;
    expect(direct(root, CBC, 'DueDate').map((e) => e.textContent)).toEqual(['2027-01-04']);
    expect(texts(doc, 'Note')).toEqual(['Payment within 45 days of the invoice date']);
    const order = [...root.children].map((c) => c.localName);
    expect(order.indexOf('DueDate')).toBe(order.indexOf('IssueDate') + 1);
    expect(order.indexOf('PaymentTerms')).toBe(order.indexOf('TaxTotal') - 1);
    expect(buildUblInvoice({ ...input, paymentTermsDays: null })).not.toContain('DueDate');
  });

  it('keeps a unit price as agreed rather than rounding it to the cent', () => {
    expect(texts(parse(buildUblInvoice(input)), 'PriceAmount')).toEqual(['1.115', '10.00', '99.99']);
  });

  it('writes a credit note as a CreditNote with code 381 and credited quantities', () => {
    const doc = parse(buildUblInvoice({ ...input, isCreditNote: true }));
    expect(doc.documentElement.localName).toBe('CreditNote');
    expect(texts(doc, 'CreditNoteTypeCode')).toEqual(['381']);
    expect(texts(doc, 'CreditedQuantity')).toEqual(['3.00', '2.50', '1.00']);
    // The buyer does not pay a credit note: no due date (CreditNote has no such element either).
    expect(doc.getElementsByTagNameNS(CBC, 'DueDate')).toHaveLength(0);
  });
});

describe('vatIdentifier and dueDate', () => {
  it('puts ZA before a South African VAT number unless it has a country code, without spaces', () => {
    expect(vatIdentifier('4123 456 789')).toBe('ZA4123456789');
    expect(vatIdentifier('za4123456789')).toBe('ZA4123456789');
  });

  it('counts calendar days across months and years', () => {
    expect(dueDate('2026-11-20', 45)).toBe('2027-01-04');
    expect(dueDate('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('escapeXml', () => {
  it('escapes the reserved characters and drops what XML cannot hold', () => {
    expect(escapeXml(`a<b>&"c'\u0000\u0007d`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;d');
  });
});

import { GET as ublRoute } from '@/app/api/invoices/[id]/ubl/route';
import { POST as invoicesRoute } from '@/app/api/invoices/route';
import { pool } from '@/db/client';
import { todayInSouthAfrica } from '@/lib/domain/invoicing/invoice-date';
import { dueDate } from '@/lib/exports/ubl-invoice';
import { checkWithOfficialRules, type RulesReport } from '../../support/ubl/official-rules';
import { callRoute, sessionHeaders } from '../support/actors';
import { createOrder, removeCreatedDocuments, vendorByCode, type CreatedDocument, type FixtureLine } from '../support/fixtures';
import { postForm, removeRaisedDocuments } from '../support/invoicing';

/*
 * Every kind of invoice and credit note the portal makes, submitted as a supplier does (POST /invoices) and
 * exported as a retailer's accounts-payable system fetches it (GET /invoices/{tinyMce}/ubl), is checked by the
 * official EN 16931 and Peppol BIS Billing 3.0 rules (tests/support/ubl): no fatal failure is allowed.
 */

const SUPPLIER = 'supplier@portal.test';
const RETAIL = 'retail.admin@portal.test';
const TODAY = todayInSouthAfrica();
const orders: CreatedDocument[] = [];
const tag = Date.now().toString(36).toUpperCase().slice(-6);
let seq = 0;
const invoiceNo = () => `U${tag}${String(++seq).padStart(3, '0')}`;

afterAll(async () => {
  await removeRaisedDocuments(orders.map((o) => o.id));
  await removeCreatedDocuments();
  await pool.end();
});

async function order(lines: FixtureLine[], extra = {}): Promise<CreatedDocument> {
  const created = await createOrder({ vendorCode: 'V0001', respondedAt: new Date(), wfStatusCode: 'confirmed', lines, ...extra });
  orders.push(created);
  return created;
}

type Det = { lineNumber: number; qty: string; amount?: string; deliveryAddressCode?: string };

/** Submits through the invoice form's own endpoint and answers the new document's tinyMce. */
async function submit(target: CreatedDocument, det: Det[], fields: Record<string, string> = {}): Promise<string> {
  const response = await postForm(invoicesRoute, '/api/invoices', SUPPLIER, {
    tinyMce: target.tinyMce,
    invoiceNumber: invoiceNo(),
    xdocInvoicedate: TODAY,
    deliverynoteNumber: 'DN-UBL-1',
    toFollow: '0',
    det: JSON.stringify(det),
    ...fields,
  });
  const body = (await response.json()) as { tinyMce: string; message: string };
  expect([response.status, body.message]).toEqual([201, expect.any(String)]);
  return body.tinyMce;
}

async function exported(tinyMce: string, email = SUPPLIER): Promise<string> {
  const response = await callRoute(ublRoute, `/api/invoices/${tinyMce}/ubl`, {
    headers: await sessionHeaders(email),
    params: { id: tinyMce },
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** One document of every kind, made through the real routes; file name → XML. */
async function everyKind(): Promise<Record<string, string>> {
  const standard = await order([
    { qty: '4', amount: '10.00' },
    { qty: '3', amount: '99.99' },
  ]);
  const zeroRated = await order([
    { qty: '6', amount: '12.50', taxPercent: '0' },
    { qty: '1', amount: '7.35', taxPercent: '0' },
  ]);
  // Three rates and awkward cents: 2.5 × 33.33, 3 × 0.99, 7 × 1.07 at 15 %, 0 % and 14 %.
  const mixedRates = await order([
    { qty: '2.5', amount: '33.33' },
    { qty: '3', amount: '0.99', taxPercent: '0' },
    { qty: '7', amount: '1.07', taxPercent: '14' },
    { qty: '1', amount: '0.03' },
  ]);
  const jab = await order(
    [
      { lineNumber: 1, qty: '2', amount: '18.00', deliveryAddressCode: 'BR-A' },
      { lineNumber: 1, qty: '3', amount: '18.00', deliveryAddressCode: 'BR-B' },
      { lineNumber: 2, qty: '5', amount: '7.50', taxPercent: '0', deliveryAddressCode: 'BR-A' },
      { lineNumber: 2, qty: '1', amount: '7.50', taxPercent: '0', deliveryAddressCode: 'BR-B' },
    ],
    { subType: 'jab', xdocDescr: 'jab multi-branch order' },
  );
  const partial = await order([
    { qty: '10', amount: '25.00' },
    { qty: '6', amount: '12.50', taxPercent: '0' },
  ]);
  const mixedStatus = await order(
    [
      { qty: '2', amount: '40.00' },
      { qty: '2', amount: '15.00', response: 'Rejected' },
    ],
    { wfStatusCode: 'mixed' },
  );
  const returned = await order(
    [
      { qty: '3', amount: '20.00' },
      { qty: '2', amount: '4.99', taxPercent: '0' },
    ],
    { subType: 'return' },
  );

  const made: Record<string, string> = {
    'standard.xml': await submit(standard, [
      { lineNumber: 1, qty: '4' },
      { lineNumber: 2, qty: '3' },
    ]),
    'zero-rated.xml': await submit(zeroRated, [
      { lineNumber: 1, qty: '6' },
      { lineNumber: 2, qty: '1' },
    ]),
    'mixed-rates.xml': await submit(mixedRates, [
      { lineNumber: 1, qty: '2.5' },
      { lineNumber: 2, qty: '3' },
      { lineNumber: 3, qty: '7', amount: '1.05' },
      { lineNumber: 4, qty: '1' },
    ]),
    'jab-branch-a.xml': await submit(
      jab,
      [
        { lineNumber: 1, qty: '2', deliveryAddressCode: 'BR-A' },
        { lineNumber: 2, qty: '5', deliveryAddressCode: 'BR-A' },
      ],
      { deliveryAddressCode: 'BR-A' },
    ),
    'jab-branch-b.xml': await submit(
      jab,
      [
        { lineNumber: 1, qty: '3', deliveryAddressCode: 'BR-B' },
        { lineNumber: 2, qty: '1', deliveryAddressCode: 'BR-B' },
      ],
      { deliveryAddressCode: 'BR-B' },
    ),
    'to-follow-first.xml': await submit(partial, [{ lineNumber: 1, qty: '4' }], { toFollow: '1' }),
    'to-follow-last.xml': await submit(partial, [
      { lineNumber: 1, qty: '6' },
      { lineNumber: 2, qty: '6' },
    ]),
    'mixed-status.xml': await submit(mixedStatus, [
      { lineNumber: 1, qty: '2' },
      { lineNumber: 2, qty: '0' },
    ]),
    'credit-note.xml': await submit(returned, [
      { lineNumber: 1, qty: '3' },
      { lineNumber: 2, qty: '2' },
    ]),
  };
  const documents: Record<string, string> = {};
  for (const [name, tinyMce] of Object.entries(made)) documents[name] = await exported(tinyMce);
  // The retailer's staff fetch the same document for their accounts-payable system.
  documents['standard-as-retailer.xml'] = await exported(made['standard.xml'], RETAIL);
  return documents;
}

const BROKEN = 'broken-on-purpose.xml';
const summary = (report: RulesReport) => report.fatal.map((f) => `${f.ruleSet} ${f.id}: ${f.text}`);

describe('UBL export checked by the official EN 16931 and Peppol BIS Billing 3.0 rules', () => {
  let documents: Record<string, string>;
  let reports: Record<string, RulesReport>;

  beforeAll(async () => {
    documents = await everyKind();
    // Checked in the same run (one Java process per rule set): what the export wrote before these rules were met.
    const broken = documents['standard.xml']
      .replace(/<cbc:EndpointID[^>]*>[^<]*<\/cbc:EndpointID>/g, '')
      .replace(/<cbc:DueDate>[^<]*<\/cbc:DueDate>/, '')
      .replace(/<cac:PaymentTerms>.*?<\/cac:PaymentTerms>/, '')
      .replace(/<cbc:CompanyID>ZA(\d{10})<\/cbc:CompanyID>/g, '<cbc:CompanyID>$1</cbc:CompanyID>')
      .replace(/<cbc:PayableAmount currencyID="ZAR">[^<]*</, '<cbc:PayableAmount currencyID="ZAR">1.00<');
    reports = await checkWithOfficialRules({ ...documents, [BROKEN]: broken });
  }, 180_000);

  it('passes every kind of invoice and credit note with no fatal failure', () => {
    const fatal = Object.fromEntries(Object.keys(documents).map((name) => [name, summary(reports[name])]));
    expect(fatal).toEqual(Object.fromEntries(Object.keys(documents).map((name) => [name, []])));
  });

  it('writes what the rules asked for: VAT identifiers with ZA, electronic addresses with their scheme, terms and due date', async () => {
    const vendor = await vendorByCode('V0001');
    const xml = documents['standard.xml'];
    expect(xml).toContain(`<cbc:EndpointID schemeID="0088">${vendor.electronicAddress}</cbc:EndpointID>`);
    expect(xml.match(/<cbc:EndpointID schemeID="0088">\d{13}<\/cbc:EndpointID>/g)).toHaveLength(2);
    expect(xml).toContain(`<cbc:CompanyID>ZA${vendor.vendordata.vatNumber}</cbc:CompanyID>`);
    expect(xml.match(/<cbc:CompanyID>ZA\d{10}<\/cbc:CompanyID>/g)).toHaveLength(2);
    expect(xml).toContain(`<cbc:DueDate>${dueDate(TODAY, vendor.paymentTermsDays)}</cbc:DueDate>`);
    expect(xml).toContain(`Payment within ${vendor.paymentTermsDays} days of the invoice date`);
    expect(documents['credit-note.xml']).toMatch(/^<\?xml[^>]*>\n<CreditNote /);
    expect(documents['mixed-rates.xml'].match(/<cac:TaxSubtotal>/g)).toHaveLength(3);
  });

  it('reports a document that breaks the rules, naming each rule (the check is not a formality)', () => {
    expect(reports[BROKEN].fatal.map((f) => f.id)).toEqual(
      expect.arrayContaining(['BR-CO-09', 'BR-CO-25', 'PEPPOL-EN16931-R010', 'PEPPOL-EN16931-R020', 'BR-CO-16']),
    );
  });
});

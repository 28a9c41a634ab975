import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { env } from '../../lib/env';
import { apiAs, signedInAs } from './fixtures/accounts';

/**
 * Uploading a UBL invoice on the Invoices tab (issue 25) as the demo supplier, on the seed's PO-INV-0002
 * (db/seed/invoicing.ts: line 1 is 5 × 40.00, line 2 is 2 × 15.00, both at 15 %). Every upload leaves
 * invoices to follow, so the order stays on the list for the other tests and specs.
 */

const SUPPLIER = 'supplier@portal.test';
test.use(signedInAs(SUPPLIER));

const ORDER = 'PO-INV-0002';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date());
const tag = Date.now().toString(36).toUpperCase().slice(-6);

type Line = { id: number; code: string; qty: string; price: string };

/** A UBL 2.1 Invoice as a supplier's ERP writes it; `inclusive` overrides the total with VAT to break BR-CO-15. */
function ublInvoice(number: string, lines: Line[], inclusive?: string): string {
  const cents = (value: string) => Math.round(Number(value) * 100);
  const rows = lines.map((l) => ({ ...l, excl: Math.round(Number(l.qty) * cents(l.price)) }));
  const excl = rows.reduce((sum, r) => sum + r.excl, 0);
  const tax = rows.reduce((sum, r) => sum + Math.round(r.excl * 0.15), 0);
  const incl = inclusive ? cents(inclusive) : excl + tax;
  const amount = (name: string, c: number) => `<cbc:${name} currencyID="ZAR">${(c / 100).toFixed(2)}</cbc:${name}>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
  <cbc:ID>${number}</cbc:ID>
  <cbc:IssueDate>${today}</cbc:IssueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>ZAR</cbc:DocumentCurrencyCode>
  <cbc:BuyerReference>${ORDER}</cbc:BuyerReference>
  <cac:OrderReference><cbc:ID>${ORDER}</cbc:ID></cac:OrderReference>
  <cac:DespatchDocumentReference><cbc:ID>DN-ERP-${number}</cbc:ID></cac:DespatchDocumentReference>
  <cac:TaxTotal>
    ${amount('TaxAmount', tax)}
    <cac:TaxSubtotal>
      ${amount('TaxableAmount', excl)}${amount('TaxAmount', tax)}
      <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>15</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>
    </cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    ${amount('LineExtensionAmount', excl)}${amount('TaxExclusiveAmount', excl)}
    ${amount('TaxInclusiveAmount', incl)}${amount('PayableAmount', incl)}
  </cac:LegalMonetaryTotal>
${rows
  .map(
    (r) => `  <cac:InvoiceLine>
    <cbc:ID>${r.id}</cbc:ID>
    <cbc:InvoicedQuantity unitCode="EA">${r.qty}</cbc:InvoicedQuantity>
    ${amount('LineExtensionAmount', r.excl)}
    <cac:Item><cbc:Name>Item ${r.code}</cbc:Name><cac:SellersItemIdentification><cbc:ID>${r.code}</cbc:ID></cac:SellersItemIdentification>
      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>15</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="ZAR">${r.price}</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>`,
  )
  .join('\n')}
</Invoice>`;
}

const xmlFile = (number: string, xml: string) => ({ name: `${number}.xml`, mimeType: 'application/xml', buffer: Buffer.from(xml) });

/** The invoices stored with this number for the demo supplier, with their order and total. */
async function storedInvoices(number: string): Promise<{ docno: string; total: string }[]> {
  const db = new pg.Client({ connectionString: env.E2E_DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ docno: string; total: string }>(
      `select o.docno, x.xdoc_total_incl::text as total from xdocs x join xdocs o on o.id = x.related_xdoc_id
       where x.invoice_number = $1 and x.xdoc_type_code = 'invoice'`,
      [number],
    );
    return rows;
  } finally {
    await db.end();
  }
}

async function openUpload(page: Page) {
  await page.goto(`/?tab=invoices&docno=${ORDER}`);
  await page.getByRole('button', { name: `Upload UBL invoice for ${ORDER}` }).click();
  const dialog = page.getByRole('dialog', { name: `Upload a UBL invoice for order ${ORDER}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Screenshots of the window at a desktop and a phone width, when E2E_SHOTS_DIR names a folder for them. */
async function shoot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('previews a valid UBL invoice with its lines and totals, then submits it as the order’s invoice', async ({ page }) => {
  const number = `E2E-UBL-${tag}1`;
  const dialog = await openUpload(page);
  await expect(dialog.getByRole('button', { name: 'Submit invoice' })).toBeDisabled();
  const lines = [
    { id: 1, code: '101001', qty: '2', price: '40.00' },
    { id: 2, code: '101002', qty: '1', price: '15.00' },
  ];
  await dialog.getByLabel('UBL file (XML)').setInputFiles(xmlFile(number, ublInvoice(number, lines)));

  await expect(dialog.getByText(`The file can be submitted as invoice ${number}.`)).toBeVisible();
  const table = dialog.getByRole('table', { name: 'Lines that will be submitted' });
  await expect(table.locator('tbody tr[data-line="1"]')).toContainText('2.00');
  await expect(table.locator('tbody tr[data-line="1"]')).toContainText('R 80.00');
  await expect(table.locator('tbody tr[data-line="2"]')).toContainText('R 15.00');
  // 95.00 excl. VAT, 14.25 VAT at 15 %, 109.25 in all.
  await expect(table.locator('tfoot')).toContainText('R 95.00');
  await expect(table.locator('tfoot')).toContainText('R 14.25');
  await expect(table.locator('tfoot')).toContainText('R 109.25');
  await shoot(page, 'ubl-preview');
  expect(await storedInvoices(number)).toEqual([]);

  await dialog.getByLabel('Other invoices will follow on this order').check();
  await dialog.getByRole('button', { name: 'Submit invoice' }).click();
  await expect(page.getByText('Invoice successfully submitted')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await storedInvoices(number)).toEqual([{ docno: ORDER, total: '109.25' }]);
  // Invoices follow, so the order is still there to invoice.
  await expect(page.getByRole('button', { name: ORDER, exact: true })).toBeVisible();
});

test('a broken file shows each problem by field and rule, cannot be submitted and stores nothing', async ({ page }) => {
  const number = `E2E-UBL-${tag}2`;
  const dialog = await openUpload(page);
  const xml = ublInvoice(number, [{ id: 1, code: '101001', qty: '1', price: '40.00' }], '50.00');
  await dialog.getByLabel('UBL file (XML)').setInputFiles(xmlFile(number, xml));

  const problems = dialog.getByRole('region', { name: /problems? in the file/ });
  await expect(problems).toContainText('LegalMonetaryTotal/TaxInclusiveAmount');
  await expect(problems).toContainText('BR-CO-15');
  await expect(problems).toContainText('The total with VAT says 50.00, but it must be 46.00 (BR-CO-15).');
  await expect(dialog.getByText(/cannot be submitted yet/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Submit invoice' })).toBeDisabled();
  await shoot(page, 'ubl-problems');

  // Keyboard: Escape closes the window, nothing was stored.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await storedInvoices(number)).toEqual([]);
});

test('a refusal at submission keeps the window open with the server’s words', async ({ page, baseURL }) => {
  const number = `E2E-UBL-${tag}3`;
  const xml = ublInvoice(number, [{ id: 1, code: '101001', qty: '1', price: '40.00' }]);
  const dialog = await openUpload(page);
  await dialog.getByLabel('UBL file (XML)').setInputFiles(xmlFile(number, xml));
  await dialog.getByLabel('Other invoices will follow on this order').check();
  await expect(dialog.getByText(`The file can be submitted as invoice ${number}.`)).toBeVisible();

  // Meanwhile the same invoice number is submitted elsewhere (another tab, the ERP itself).
  const api = await apiAs(SUPPLIER, baseURL!);
  const elsewhere = await api.post('/invoices/ubl', {
    multipart: { tinyMce: 'demo-invoicing-po2', toFollow: '1', file: xmlFile(number, xml) },
  });
  expect(elsewhere.status()).toBe(201);
  await api.dispose();

  await dialog.getByRole('button', { name: 'Submit invoice' }).click();
  await expect(dialog.getByRole('alert')).toContainText(number);
  await expect(dialog.getByRole('region', { name: /problem in the file/ })).toContainText('The document · ID');
  await expect(dialog).toBeVisible();
  expect(await storedInvoices(number)).toHaveLength(1);
});

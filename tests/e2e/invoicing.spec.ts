import { test, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { env } from '../../lib/env';
import { signedInAs } from './fixtures/accounts';
import { shoot } from './helpers';

/**
 * The Invoices tab (spec §2, §4, §5, §8) as the demo supplier, on the seed's fixed invoicing orders
 * (db/seed/invoicing.ts). Each test works on its own order, so they do not depend on each other.
 */

test.use(signedInAs('supplier@portal.test'));

const modal = (page: Page) => page.getByRole('dialog').first();

/** The number on a view's button, once its count has arrived. */
async function viewCount(page: Page, view: 'To invoice' | 'To credit'): Promise<number> {
  const badge = page.getByRole('button', { name: new RegExp(`^${view}`) }).locator('.inbox-tabs__count');
  await expect(badge).toHaveText(/^\d+$/);
  return Number(await badge.innerText());
}

/** Opens the invoices tab's view filtered to one order, and that order's window. */
async function openOrder(page: Page, docno: string, view = '') {
  await page.goto(`/?tab=invoices${view ? `&view=${view}` : ''}&docno=${docno}`);
  await page.getByRole('button', { name: docno, exact: true }).click();
  await expect(modal(page)).toBeVisible();
}

test('invoices an order: picks its delivery note, changes a quantity, no invoices to follow, and the counter goes down', async ({
  page,
}) => {
  await page.goto('/?tab=invoices&docno=PO-INV-0001');
  const before = await viewCount(page, 'To invoice');
  await page.getByRole('button', { name: 'PO-INV-0001', exact: true }).click();
  const window = modal(page);
  await expect(window.getByLabel('Quantity of line 1')).toHaveValue('10.00');
  // The three-way match: ordered 10, delivered 10 by DN-INV-0001, nothing invoiced yet.
  await expect(window.locator('tr[data-line="1"]')).toContainText('OK');

  await window.getByLabel('Or pick a delivery note').selectOption('DN-INV-0001');
  await window.getByLabel('Quantity of line 1').fill('8');
  await window.getByLabel('Invoice number').fill('e2e-inv-0001');
  await expect(window.getByLabel('Invoice number')).toHaveValue('E2E-INV-0001');
  // 8 × 25.00 + 4 × 99.90 at 15 %, 6 × 12.50 at 0 %: 674.60 excl., 89.94 VAT, 764.54.
  await expect(window).toContainText('R 764.54');
  await window.getByRole('checkbox').check();
  await window.getByRole('button', { name: 'Submit invoice' }).click();

  const follow = page.getByRole('alertdialog', { name: 'Are there any other invoices to follow on this order?' });
  await follow.getByRole('button', { name: 'No' }).click();
  await expect(page.getByText('Invoice successfully submitted')).toBeVisible();
  await expect(modal(page)).toBeHidden();
  await expect(page.getByRole('button', { name: /^To invoice/ }).locator('.inbox-tabs__count')).toHaveText(String(before - 1));
  await expect(page.getByRole('button', { name: 'PO-INV-0001', exact: true })).toHaveCount(0);
});

test('raises a credit note from the to-credit view', async ({ page }) => {
  await page.goto('/?tab=invoices&view=to-credit&docno=RO-INV-0001');
  const before = await viewCount(page, 'To credit');
  await page.getByRole('button', { name: 'RO-INV-0001', exact: true }).click();
  const window = modal(page);
  await expect(window.getByLabel('Quantity of line 1')).toHaveValue('3.00');
  // Worded for a credit (issue 27): returned and credited, a return note, no deliveries or invoices.
  await expect(window.getByRole('heading', { name: 'Credit note for return order RO-INV-0001' })).toBeVisible();
  await expect(window.locator('.invoice-lines thead th')).toHaveText([
    'Line',
    'Item',
    'Returned',
    'Credited',
    'Quantity',
    'Amount',
    'Tax %',
    'Total',
    'Match',
  ]);
  await expect(window.getByLabel('Credit note date')).toBeVisible();
  await expect(window.getByText(/deliver|invoice/i)).toHaveCount(0);
  await window.getByLabel('Return note number').fill('RET-COLLECT-1');
  await window.getByLabel('Credit note number').fill('E2E-CN-0001');
  await window.getByRole('checkbox').check();
  await window.getByRole('button', { name: 'Submit credit note' }).click();
  await expect(page.getByText('Credit Note successfully submitted')).toBeVisible();
  await expect(page.getByRole('button', { name: /^To credit/ }).locator('.inbox-tabs__count')).toHaveText(String(before - 1));
});

test('sends a delivery note for an order', async ({ page }) => {
  await page.goto('/?tab=invoices&docno=PO-INV-0002');
  await page.getByRole('button', { name: 'Delivery note for PO-INV-0002' }).click();
  const window = modal(page);
  await window.getByRole('button', { name: 'About delivery notes' }).click();
  await expect(page.getByText('This section is for suppliers wishing to submit a delivery note before an invoice.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('This section is for suppliers wishing to submit a delivery note before an invoice.')).toBeHidden();
  await window.getByLabel('Delivered quantity of line 1').fill('5');
  await window.getByLabel('Delivery note number').fill('E2E-DN-0001');
  await window.getByRole('button', { name: 'Submit delivery note' }).click();
  await expect(page.getByText('Delivery Note successfully submitted')).toBeVisible();
});

test('shows the submit button of a multi-branch (jab) order only once a branch is chosen', async ({ page }) => {
  await openOrder(page, 'PO-INV-0003');
  const window = modal(page);
  await expect(window.getByLabel('Branch (delivery address)')).toBeVisible();
  await expect(window.getByRole('button', { name: 'Submit invoice' })).toHaveCount(0);
  await window.getByLabel('Branch (delivery address)').selectOption({ index: 1 });
  await expect(window.getByRole('button', { name: 'Submit invoice' })).toBeVisible();
  await expect(window.getByLabel('Quantity of line 1')).toHaveValue('3.00');
});

// Issue 26: the refusal is said beside the amount and announced by the window's alert, which takes no
// focus (the Oops dialog it replaced did); focus stays in the form, so Enter submits again.
test('refuses an amount above the order’s by more than 0.05 beside the field, announced, and sets it back', async ({ page }) => {
  await openOrder(page, 'PO-INV-0002');
  const window = modal(page);
  const amount = window.getByLabel('Amount of line 1');
  await expect(amount).toHaveValue('40.00');
  await amount.fill('40.10');
  await amount.press('Tab');
  const message = 'Amount cannot exceed original order amount of 40.00';
  await expect(window.getByRole('alert')).toContainText(message);
  await expect(amount).toHaveAccessibleDescription(message);
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(amount).toHaveValue('40.00');
  await expect(window.getByLabel('Tax percent of line 1')).toBeFocused();
  // Within the tolerance stays as typed.
  await amount.fill('40.05');
  await amount.press('Tab');
  await expect(amount).toHaveValue('40.05');
});

// Issue 26: every field left empty is named at once beside it, and the window is a form that Enter submits.
test('names every missing field at once beside it, and Enter in a field submits the window again', async ({ page }) => {
  await openOrder(page, 'PO-INV-0002');
  const window = modal(page);
  await expect(window.getByLabel('Quantity of line 1')).toBeVisible();
  await window.getByRole('checkbox', { name: /I confirm/ }).check();
  await window.getByRole('button', { name: 'Submit invoice' }).click();
  const noteRequired = 'Please capture a delivery note number or select a delivery note from the dropdown.';
  const numberRequired = 'Please capture an invoice number.';
  await expect(window.getByRole('alert')).toContainText(noteRequired);
  await expect(window.getByRole('alert')).toContainText(numberRequired);
  await expect(window.getByLabel('Delivery note number')).toHaveAccessibleDescription(noteRequired);
  await expect(window.getByLabel(/^Invoice number$/)).toHaveAccessibleDescription(numberRequired);

  // Enter in the delivery note's field submits: the window checks again and names only what is still missing.
  const note = window.getByLabel('Delivery note number');
  await note.fill('E2E-DN-ENTER');
  await note.press('Enter');
  await expect(window.getByRole('alert')).toHaveText(numberRequired);
  await expect(note).not.toHaveAttribute('aria-invalid', 'true');
  // The alert took no focus: it stays in the field, so Enter would submit once more.
  await expect(note).toBeFocused();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('keeps each view’s own filters when the user switches between to invoice and to credit', async ({ page }) => {
  await page.goto('/?tab=invoices');
  const number = page.getByLabel('Order number');
  await number.fill('PO-INV');
  const searched = page.waitForResponse((r) => r.url().includes('/orders/uninvoiced') && r.url().includes('docno=PO-INV'));
  await page.getByRole('button', { name: 'Search' }).click();
  await searched;
  await expect(page.getByRole('button', { name: 'PO-INV-0003', exact: true })).toBeVisible();

  // The other view starts with its own (empty) filters: its list is asked for without the number.
  const creditList = page.waitForResponse((r) => r.url().includes('/orders/returned') && r.url().includes('responded=true'));
  await page.getByRole('button', { name: /^To credit/ }).click();
  expect((await creditList).url()).not.toContain('docno=');
  await expect(page).toHaveURL(/view=to-credit/);
  await expect(page.getByLabel('Order number')).toHaveValue('');

  await page.getByRole('button', { name: /^To invoice/ }).click();
  await expect(page.getByLabel('Order number')).toHaveValue('PO-INV');
  await expect(page).toHaveURL(/docno=PO-INV/);
  await expect(page.getByRole('button', { name: 'PO-INV-0003', exact: true })).toBeVisible();
});

/** An invoice number the vendor has used already (the seed's invoices of V0001). */
async function usedInvoiceNumber(): Promise<string> {
  const db = new pg.Client({ connectionString: env.E2E_DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select x.invoice_number from xdocs x join vendors v on v.id = x.vendor_id
       where v.code = 'V0001' and x.invoice_number ~ '^[A-Z0-9-]{1,15}$' order by x.id limit 1`,
    );
    return rows[0].invoice_number as string;
  } finally {
    await db.end();
  }
}

test('an invoice refused for a number already used keeps the window, its lines and what was typed', async ({ page }) => {
  const used = await usedInvoiceNumber();
  await openOrder(page, 'PO-INV-0004');
  const window = modal(page);
  await window.getByLabel('Quantity of line 1').fill('7');
  await window.getByLabel('Delivery note number').fill('E2E-DN-REFUSED');
  await window.getByLabel(/^Invoice number$/).fill(used);
  // PO-INV-0004 is a discrepancy (its goods receipt counted 8 of 10): the reason is required too.
  await window.getByRole('radio', { name: 'Quantity difference' }).check();
  await window.getByRole('checkbox').check();
  await window.getByRole('button', { name: /^Submit / }).click();
  const follow = page.getByRole('alertdialog', { name: 'Are there any other invoices to follow on this order?' });
  await follow.getByRole('button', { name: 'No' }).click();

  await expect(window.getByRole('alert')).toContainText(`Invoice number ${used} has already been used`);
  await expect(window.getByLabel(/^Invoice number$/)).toHaveAttribute('aria-invalid', 'true');
  await expect(window.getByLabel(/^Invoice number$/)).toHaveValue(used);
  await expect(window.getByLabel('Delivery note number')).toHaveValue('E2E-DN-REFUSED');
  await expect(window.getByLabel('Quantity of line 1')).toHaveValue('7');
  await expect(window).toBeVisible();
});

/*
 * Issue 27 point 1, after the refusal above (same order): the discrepancy window of PO-INV-0004, whose
 * goods receipt GRV-INV-0004 counted 8 of the 10 ordered on line 1. Submitted with its reason in words,
 * it is read back by staff in the history's document window.
 */
test('submits a discrepancy invoice with its reason, which staff then read in words in the history', async ({ page, browser }) => {
  const number = `E2E-D${Date.now().toString(36).toUpperCase().slice(-8)}`;
  await openOrder(page, 'PO-INV-0004');
  const window = modal(page);
  await expect(window.getByRole('heading', { name: 'Discrepancy for order PO-INV-0004' })).toBeVisible();
  const line1 = window.locator('tr[data-line="1"]');
  const headers = await window.getByRole('columnheader').allInnerTexts();
  // Ordered and received side by side, the received quantity filled in, the difference in words.
  expect(headers.indexOf('Received')).toBe(headers.indexOf('Ordered') + 1);
  await expect(line1.locator('td').nth(headers.indexOf('Ordered'))).toHaveText('10.00');
  await expect(line1.locator('td').nth(headers.indexOf('Received'))).toHaveText('8.00');
  await expect(window.getByLabel('Quantity of line 1')).toHaveValue('8.00');
  await expect(line1).toContainText('Received 8.00 of 10.00 ordered');
  await expect(window.getByRole('note')).toContainText('counted 8.00 of 10.00 on line 1');
  const reasons = window.getByRole('group', { name: 'Reason for the discrepancy' });
  await expect(reasons.getByRole('radio')).toHaveCount(3);
  for (const words of ['Quantity difference', 'Price difference', 'Quantity and price'])
    await expect(reasons.getByRole('radio', { name: words })).not.toBeChecked();

  await window.getByLabel('Delivery note number').fill('E2E-DN-GRV');
  await window.getByLabel(/^Invoice number$/).fill(number);
  await window.getByRole('checkbox').check();
  // Without a reason the window refuses beside the choice, keeping everything typed.
  await window.getByRole('button', { name: 'Submit discrepancy' }).click();
  await expect(window.getByRole('alert')).toHaveText('Please choose the reason for the discrepancy.');
  await expect(window.getByLabel(/^Invoice number$/)).toHaveValue(number);
  await reasons.getByRole('radio', { name: 'Quantity difference' }).check();
  await expect(window.getByText('Please choose the reason for the discrepancy.')).toHaveCount(0);
  await shoot(page, 'discrepancy-window', reasons);
  await window.getByRole('button', { name: 'Submit discrepancy' }).click();
  const follow = page.getByRole('alertdialog', { name: 'Are there any other invoices to follow on this order?' });
  await follow.getByRole('button', { name: 'No' }).click();
  await expect(page.getByText('Invoice successfully submitted')).toBeVisible();

  const staff = await browser.newContext(signedInAs('staff@portal.test'));
  const history = await staff.newPage();
  await history.goto('/history');
  await history.getByLabel('Find a document by any of its numbers').fill(number);
  await history.getByRole('button', { name: 'Find', exact: true }).click();
  const document = history.getByRole('dialog', { name: `Invoice ${number}` });
  await expect(document.locator('dt', { hasText: 'Discrepancy reason' }).locator('xpath=following-sibling::dd[1]')).toHaveText(
    'Quantity difference (A)',
  );
  await shoot(history, 'discrepancy-history-document');
  await document.getByRole('button', { name: 'Audit trail' }).click();
  await expect(history.getByRole('dialog', { name: `Audit trail ${number}` })).toContainText(
    `against PO-INV-0004; discrepancy reason: Quantity difference (A)`,
  );
  await staff.close();
});

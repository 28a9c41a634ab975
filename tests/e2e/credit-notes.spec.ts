import { test, expect, type Page } from '@playwright/test';
import { signedInAs } from './fixtures/accounts';
import { shoot } from './helpers';

/**
 * Credit notes in the history (issue 27 point 0) as staff@portal.test: the "Credit note" type lists only
 * credit notes, each read as one with a negative total in the list and in its window, and "Invoice"
 * lists only invoices. The seed holds credit notes (CN…) against return orders (db/seed/document-kinds.ts).
 */
test.use(signedInAs('staff@portal.test'));

const rows = (page: Page) => page.locator('.list-table table tbody tr:not(.table__empty)');
const column = (page: Page, header: string) =>
  page
    .locator('.list-table table thead th')
    .allInnerTexts()
    .then((headers) => headers.findIndex((h) => h.trim().startsWith(header)) + 1);

async function searchType(page: Page, type: string): Promise<void> {
  const panel = page.getByRole('form', { name: 'History filters' });
  await panel.getByLabel('Document type').selectOption({ label: type });
  const loaded = page.waitForResponse((r) => r.url().includes('/history/documents?'));
  await panel.getByRole('button', { name: 'Search' }).click();
  expect((await loaded).ok()).toBe(true);
}

async function cellsOf(page: Page, header: string): Promise<string[]> {
  const n = await column(page, header);
  expect(n).toBeGreaterThan(0);
  return page.locator(`.list-table table tbody tr:not(.table__empty) td:nth-child(${n})`).allInnerTexts();
}

test('the "Credit note" type lists only credit notes, each with a negative total in the list and its window', async ({ page }) => {
  await page.goto('/history');
  await expect(rows(page).first()).toBeVisible();
  await searchType(page, 'Credit note');
  await expect(page).toHaveURL(/xdocTypeCode=creditnote/);
  await expect(rows(page).first()).toBeVisible();

  const types = await cellsOf(page, 'Type');
  expect(types.length).toBeGreaterThan(0);
  expect(new Set(types)).toEqual(new Set(['Credit note']));
  const totals = await cellsOf(page, 'Total');
  for (const total of totals) expect(total).toMatch(/^- R \S.*\.\d{2}$/);
  await shoot(page, 'history-credit-notes', rows(page).first());

  const docno = await rows(page).first().locator('td').first().innerText();
  await rows(page).first().getByRole('button', { name: docno }).click();
  const window = page.getByRole('dialog', { name: `Credit note ${docno}` });
  await expect(window).toBeVisible();
  const fact = (label: string) => window.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(fact('Type')).toHaveText('Credit note');
  await expect(fact('Total incl. VAT')).toHaveText(totals[0]!);
  // Its number is the credit note's, not an "Invoice".
  await expect(window.locator('dt', { hasText: /^Invoice$/ })).toHaveCount(0);
  await shoot(page, 'history-credit-note-window');
});

test('the "Invoice" type lists invoices only, no credit notes', async ({ page }) => {
  await page.goto('/history');
  await expect(rows(page).first()).toBeVisible();
  await searchType(page, 'Invoice');
  await expect(page).toHaveURL(/xdocTypeCode=invoice/);
  await expect(rows(page).first()).toBeVisible();
  expect(new Set(await cellsOf(page, 'Type'))).toEqual(new Set(['Invoice']));
  for (const total of await cellsOf(page, 'Total')) expect(total).not.toMatch(/^-/);
});

test.describe('as the supplier', () => {
  test.use(signedInAs('supplier@portal.test'));

  test('the credit-note window of a return order (left unsubmitted) reads as a credit', async ({ page }) => {
    await page.goto('/?tab=invoices&view=to-credit&docno=RO-INV-0001');
    await page.getByRole('button', { name: 'RO-INV-0001', exact: true }).click();
    const window = page.getByRole('dialog', { name: 'Credit note for return order RO-INV-0001' });
    await expect(window.getByLabel('Quantity of line 1')).toBeVisible();
    await expect(window.getByLabel('Return note number')).toBeVisible();
    await expect(window.getByRole('columnheader', { name: 'Credited' })).toBeVisible();
    await shoot(page, 'credit-note-window');
  });
});

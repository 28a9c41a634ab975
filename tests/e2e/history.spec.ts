import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { test, expect, type Page } from '@playwright/test';
import { signedInAs } from './fixtures/accounts';

/** The staff's document history (spec §2 History, §4 History actions, §9) as staff@portal.test. */
test.use(signedInAs('staff@portal.test'));

const table = (page: Page) => page.locator('.list-table table');
const rows = (page: Page) => table(page).locator('tbody tr:not(.table__empty)');

async function search(page: Page, filters: { type?: string; status?: string; fromDate?: string }): Promise<void> {
  const panel = page.getByRole('form', { name: 'History filters' });
  if (filters.type) await panel.getByLabel('Document type').selectOption({ label: filters.type });
  if (filters.status) await panel.getByLabel('Document status').selectOption({ label: filters.status });
  if (filters.fromDate) await panel.getByLabel('From date').fill(filters.fromDate);
  const loaded = page.waitForResponse((r) => r.url().includes('/history/documents?'));
  await panel.getByRole('button', { name: 'Search' }).click();
  expect((await loaded).ok()).toBe(true);
}

test('filters by document type and date, pages to page 2 with ?page=2 in the address', async ({ page }) => {
  await page.goto('/history');
  await expect(rows(page).first()).toBeVisible();
  await search(page, { type: 'Order', fromDate: '2026-01-01' });
  await expect(page).toHaveURL(/xdocTypeCode=order/);
  await expect(page).toHaveURL(/fromDate=2026-01-01/);
  const types = await table(page).locator('tbody td:nth-child(2)').allInnerTexts();
  // The order type holds purchase and return orders; each row says which it is.
  expect(types.length).toBeGreaterThan(0);
  for (const type of types) expect(['Order', 'Return order']).toContain(type);
  const dates = await table(page).locator('tbody td:nth-child(4)').allInnerTexts();
  for (const date of dates) expect(date.split('-').reverse().join('-') >= '2026-01-01').toBe(true);

  const firstOnPage1 = await rows(page).first().locator('td').first().innerText();
  const loaded = page.waitForResponse((r) => r.url().includes('/history/documents?') && r.url().includes('page=2'));
  await page.getByRole('link', { name: 'Page 2' }).click();
  await loaded;
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.locator('.pagination__summary')).toContainText('showing 51 - 100 of');
  await expect(rows(page).first().locator('td').first()).not.toHaveText(firstOnPage1);

  // A reload shows the same page from the address.
  await page.reload();
  await expect(page.locator('.pagination__summary')).toContainText('showing 51 - 100 of');
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
});

test('opens an order, its audit trail and its related documents', async ({ page }) => {
  await page.goto('/history?xdocTypeCode=order&wfStatusCode=confirmed');
  const docno = await rows(page).first().locator('td').first().innerText();
  await rows(page).first().getByRole('button', { name: docno }).click();
  const modal = page.getByRole('dialog', { name: `Order ${docno}` });
  await expect(modal).toBeVisible();

  await modal.getByRole('button', { name: 'Audit trail' }).click();
  const audit = page.getByRole('dialog', { name: `Audit trail ${docno}` });
  await expect(audit.getByRole('list', { name: 'Audit trail' }).locator('li').first()).toBeVisible();
  await expect(audit).toContainText(docno);
  await audit.getByRole('button', { name: 'Close' }).first().click();

  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Related documents' }).click();
  const related = page.getByRole('dialog', { name: `Related documents of order ${docno}` });
  const relatedTable = related.getByRole('table', { name: 'Related documents' });
  await expect(relatedTable.getByRole('button', { name: docno })).toBeVisible();
  expect(await relatedTable.locator('tbody tr').count()).toBeGreaterThanOrEqual(1);
});

test('makes an order outstanding through its confirmation', async ({ page }) => {
  await page.goto('/history?xdocTypeCode=order&wfStatusCode=confirmed&sort=docno&direction=desc');
  const docno = await rows(page).first().locator('td').first().innerText();
  await rows(page).first().getByRole('button', { name: docno }).click();
  const modal = page.getByRole('dialog', { name: `Order ${docno}` });
  await modal.getByRole('button', { name: 'Mark outstanding' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Are you sure you want to make order ${docno} outstanding?`);
  const done = page.waitForResponse((r) => r.url().includes('/mark/outstanding/'));
  await confirm.getByRole('button', { name: 'Yes, do it!' }).click();
  expect((await done).ok()).toBe(true);
  await expect(modal).toBeHidden();
  await expect(page.getByRole('region', { name: 'Documents changed here' })).toContainText(`Order ${docno} is now outstanding.`);

  // The server agrees: the order now lists as outstanding.
  await page.goto(`/history?xdocTypeCode=order&wfStatusCode=outstanding&sort=docno&direction=desc`);
  await expect(table(page).getByRole('button', { name: docno })).toBeVisible();
});

test('downloads portal_report.xlsx of the filtered list', async ({ page }) => {
  await page.goto('/history?xdocTypeCode=remittance');
  await expect(rows(page).first()).toBeVisible();
  const total = Number((await page.locator('.pagination__summary').innerText()).match(/of (\d+)/)![1]);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download report' }).click()]);
  expect(download.suggestedFilename()).toBe('portal_report.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe('Document number');
  expect(sheet.rowCount - 1).toBe(total);
  expect(sheet.getRow(2).getCell(3).value).toBe('Remittance advice');
});

test('refuses a vendor search without a subsidiary with "Please select subsidiary"', async ({ page }) => {
  await page.goto('/history');
  const selection = page.getByRole('form', { name: 'Subsidiary and vendors' });
  // No subsidiary held: the look-up box is emptied with its Clear button.
  const clearSubsidiary = selection.getByRole('button', { name: 'Clear', exact: true });
  if (await clearSubsidiary.count()) await clearSubsidiary.first().click();
  await selection.getByLabel('Vendor code').fill('V0001');
  await selection.getByRole('button', { name: 'Add vendor' }).click();
  await expect(selection.getByRole('list', { name: 'Selected vendors' })).toContainText('V0001');
  let asked = false;
  page.on('request', (r) => (asked ||= r.url().includes('/history/documents?')));
  await page.getByRole('form', { name: 'History filters' }).getByRole('button', { name: 'Search' }).click();
  await expect(selection.getByRole('alert')).toHaveText('Please select subsidiary');
  expect(asked).toBe(false);
  // The list is held on the server: leave it empty for the other tests.
  await selection.getByRole('button', { name: 'Clear vendors' }).click();
  await expect(selection.getByRole('list', { name: 'Selected vendors' })).toHaveCount(0);
});

test.describe('a read-only retail user', () => {
  test.use(signedInAs('retail.user@portal.test'));

  test('opens an order and is offered no act it may not do', async ({ page }) => {
    await page.goto('/history?xdocTypeCode=order&wfStatusCode=confirmed');
    const docno = await rows(page).first().locator('td').first().innerText();
    await rows(page).first().getByRole('button', { name: docno }).click();
    const modal = page.getByRole('dialog', { name: `Order ${docno}` });
    await expect(modal.getByRole('button', { name: 'Audit trail' })).toBeVisible();
    for (const act of ['Make available for invoicing', 'Mark outstanding', 'Resend order'])
      await expect(modal.getByRole('button', { name: act })).toHaveCount(0);
  });
});

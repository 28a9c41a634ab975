import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { test, expect, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { apiAs, signedInAs } from './fixtures/accounts';

/** Items and pricing as a supplier administrator (spec §2, §5, §8, §9), against the seeded e2e database. */
test.use(signedInAs('supplier@portal.test'));

const rows = (page: Page) => page.locator('.list-table tbody tr:not(.table__empty)');
const rowBoxes = (page: Page) => page.locator('.list-table tbody').getByRole('checkbox', { name: /^Select / });

/** A downloaded workbook's data rows (below the header), each as its cells' text. */
async function downloadedRows(download: Download): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row, n) => {
    if (n > 1) rows.push((row.values as unknown[]).slice(1).map(String));
  });
  return rows;
}

async function search(page: Page, values: { text?: string; status?: string }) {
  const filters = page.getByRole('form', { name: /filters/ });
  if (values.text !== undefined) await filters.getByLabel('Item code, description or barcode').fill(values.text);
  if (values.status) await filters.getByLabel('Status').selectOption({ label: values.status });
  await filters.getByRole('button', { name: 'Search' }).click();
}

test('filters items, ticks two, exports them as items_export.xlsx and clears the selection', async ({ page }) => {
  await page.goto('/items');
  await expect(rows(page)).toHaveCount(10);
  await search(page, { text: '10100' });
  await expect(rows(page)).toHaveCount(9); // 101001 … 101009
  // Each tick box is named by its row's item code, once ('Select 101001').
  await expect(rowBoxes(page).nth(0)).toHaveAccessibleName('Select 101001');
  await rowBoxes(page).nth(0).check();
  await rowBoxes(page).nth(1).check();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export selected (2)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('items_export.xlsx');
  expect((await downloadedRows(download)).map((cells) => cells[1])).toEqual(['101001', '101002']);
  await expect(page.getByRole('button', { name: 'Export selected (0)' })).toBeDisabled();
});

test('uploads a pricing file once it is picked and confirmed, shows it accepted once the worker has read it, and its pending change appears', async ({
  page,
}) => {
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload prices' });
  let sent = 0;
  page.on('request', (r) => (r.method() === 'POST' && r.url().includes('/upload') ? sent++ : undefined));
  await dialog.getByLabel(/^File/).setInputFiles({
    name: 'prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('vendorCode,catalogueCode,costPrice,effectiveFrom\r\nV0001,101015,19.99,2026-12-01\r\n'),
  });
  // Picking the file sends nothing: the comments can still be written, then the upload confirmed.
  await dialog.getByLabel('Comments').fill('New December price');
  expect(sent).toBe(0);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  // Issue 27: the dialog waits for the worker's verdict instead of saying 'Uploaded successfully' at once.
  const result = dialog.getByRole('region', { name: 'Upload result' });
  await expect(result).toContainText('1 row accepted, waiting for approval under Master data', { timeout: 30_000 });
  await expect(result).toContainText('0 rows refused');
  await expect(result.getByRole('link', { name: 'Download the error file' })).toHaveCount(0);
  expect(sent).toBe(1);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  await expect(async () => {
    await search(page, { text: '101015', status: 'Awaiting approval' });
    await expect(rows(page), 'the filtered list holds the uploaded item alone').toHaveCount(1, { timeout: 1000 });
    await expect(rows(page).first()).toContainText('101015', { timeout: 1000 });
    await expect(rows(page).first()).toContainText('Awaiting approval', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
});

test('an upload whose every row is refused says so in the dialog, with each row’s reason and the error file to download', async ({
  page,
}) => {
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload prices' });
  await dialog.getByLabel(/^File/).setInputFiles({
    name: 'bad-prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'vendorCode,catalogueCode,costPrice,effectiveFrom\r\nV0001,999999,10.00,2026-12-01\r\nV0001,101016,ten,2026-12-01\r\nV0001,101017,-1,2026-12-01\r\n',
    ),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const result = dialog.getByRole('region', { name: 'Upload result' });
  await expect(result).toContainText('0 rows accepted', { timeout: 30_000 });
  await expect(result).toContainText('3 rows refused');
  const refusals = result.locator('tbody tr');
  await expect(refusals).toHaveCount(3);
  await expect(refusals.filter({ hasText: '999999 is not an item of this vendor.' })).toContainText('2');
  // The fields in the vocabulary's words, in the Column and in the message, though the file's header used the API names.
  await expect(refusals.filter({ hasText: 'Cost price must be an amount with at most two decimals.' })).toContainText('3');
  await expect(refusals.filter({ hasText: 'Cost price must be zero or more.' })).toContainText('4');
  await expect(refusals.nth(1).locator('td').nth(1)).toHaveText('Cost price');

  const downloading = page.waitForEvent('download');
  await result.getByRole('link', { name: 'Download the error file' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('pricing_upload_errors.xlsx');
  expect((await downloadedRows(download)).map(([row, , error]) => `${row} ${error}`)).toEqual([
    '2 999999 is not an item of this vendor.',
    '3 Cost price must be an amount with at most two decimals.',
    '4 Cost price must be zero or more.',
  ]);
});

test('refuses an item upload without a file with the spec’s message', async ({ page }) => {
  await page.goto('/items');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload items' });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please Attach File before you submit');
});

test.describe('a supplier user (v_user)', () => {
  test.use(signedInAs('supplier.user@portal.test'));

  test('reads its vendor’s prices from the navbar, and is offered no upload', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(rows(page).first()).toBeVisible();
    await expect(rows(page).first()).toContainText('V0001');
    // A price's tick box names its item and start date as the column shows it ('Select 101001 from 01-06-2026').
    await expect(rowBoxes(page).first()).toHaveAccessibleName(/^Select \S+ from \d{2}-\d{2}-\d{4}$/);
    await expect(page.getByRole('button', { name: 'Upload', exact: true })).toHaveCount(0);
  });

  test('is refused a price change sent as the upload would send it, and nothing waits for approval', async ({ baseURL }) => {
    const [supplierUser, supplierAdmin] = await Promise.all([
      apiAs('supplier.user@portal.test', baseURL!),
      apiAs('supplier@portal.test', baseURL!),
    ]);
    const pendingBefore = await pendingPricingChanges(supplierAdmin);
    const refused = await supplierUser.post('/pricings/upload', {
      multipart: {
        file: { name: 'pricing.csv', mimeType: 'text/csv', buffer: Buffer.from('Catalogue code,Cost price\nITEM-0001,20.15\n') },
        comments: 'a v_user trying',
      },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ message: 'Only the supplier’s own administrators may change its prices.' });
    expect(await pendingPricingChanges(supplierAdmin)).toBe(pendingBefore);
    await Promise.all([supplierUser.dispose(), supplierAdmin.dispose()]);
  });
});

/** How many pricing changes of the supplier's vendors wait for approval (GET /changes/pricing/item, as the Changes screen asks). */
async function pendingPricingChanges(api: APIRequestContext): Promise<number> {
  const answer = await api.get('/changes/pricing/item?status=pending');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { changes: { total: number } }).changes.total;
}

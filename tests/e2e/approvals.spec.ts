import { test, expect, type Page } from '@playwright/test';
import { signedInAs } from './fixtures/accounts';

/**
 * Change management and master data as portal staff (issue 13's acceptance): the side-by-side detail,
 * rejecting with and without comments, bulk approval of a page of pricing changes, the export and a
 * master-data approval, against the seeded e2e database.
 */
test.use(signedInAs('staff@portal.test'));

const panel = (page: Page) => page.getByRole('tabpanel');
const rows = (page: Page) => panel(page).locator('tbody tr:not(.table__empty)');
const snackbar = (page: Page) => page.locator('.snackbar-region');

async function search(page: Page, fields: { search?: string; status?: string }) {
  const filters = page.getByRole('form', { name: /filters/ });
  if (fields.search !== undefined) await filters.getByLabel('Search').fill(fields.search);
  if (fields.status !== undefined) await filters.getByLabel('Status').selectOption(fields.status);
  await filters.getByRole('button', { name: 'Search' }).click();
}

test('an item change side by side, rejected first without comments, then with them', async ({ page }) => {
  await page.goto('/changes');
  await expect(page.getByRole('tab', { name: 'Item changes' })).toHaveAttribute('aria-selected', 'true');
  await search(page, { search: 'new look', status: 'pending' });
  await expect(rows(page).first()).toContainText('Awaiting approval');
  await rows(page).first().getByRole('button').first().click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('columnheader', { name: 'Current' })).toBeVisible();
  await expect(dialog.getByRole('columnheader', { name: 'Proposed' })).toBeVisible();
  const descr = dialog.getByRole('row', { name: /Description/ });
  await expect(descr).toHaveClass(/is-changed/);
  await expect(descr).toContainText('(new look)');
  await expect(dialog.getByRole('row', { name: /Catalogue code/ })).not.toHaveClass(/is-changed/);

  await dialog.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject change' });
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/changes/item/reject')) requests.push(r.url());
  });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Please enter comments')).toBeVisible();
  expect(requests).toEqual([]);
  await reject.getByLabel('Comments').fill('Does not follow the naming standard');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(snackbar(page)).toContainText('Rejected successfully');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('select all pricing changes on the page and approve them in bulk', async ({ page }) => {
  await page.goto('/changes');
  await page.getByRole('tab', { name: 'Pricing changes' }).click();
  await search(page, { status: 'pending' });
  await expect(rows(page).first()).toContainText('%');
  // An upload's changes are decided with the upload under Master data (issue 27): their boxes cannot be ticked.
  const count = await panel(page).locator('tbody').getByRole('checkbox', { disabled: false }).count();
  expect(count).toBeGreaterThan(0);
  await panel(page).getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await expect(page.getByRole('button', { name: `Approve selected (${count})` })).toBeEnabled();
  await page.getByRole('button', { name: /Approve selected/ }).click();
  // Approving asks first (issue 26), naming how many.
  await page
    .getByRole('alertdialog', { name: `Approve ${count} changes?` })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(snackbar(page)).toContainText('Approved successfully');
  // The list reloads with the same filter: the approved ones have left it, and the selection is clear.
  await expect(page.getByRole('button', { name: 'Approve selected' })).toBeDisabled();
});

test('an upload’s change is decided with its upload under Master data: it cannot be ticked or approved here', async ({ page }) => {
  await page.goto('/changes');
  await page.getByRole('tab', { name: 'Pricing changes' }).click();
  await search(page, { search: 'MDP-2026-1002', status: 'pending' });
  await expect(rows(page).first()).toContainText('Awaiting approval');
  await expect(rows(page).first().getByRole('checkbox')).toBeDisabled();
  await rows(page).first().getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  // The first row may still be the list before the search (itself an upload's change, its box disabled): any upload's change reads so.
  await expect(dialog).toContainText(/Part of upload MDP-2026-\d+: approve or reject the whole upload under Master data\./);
  await expect(dialog.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'Master data' })).toHaveAttribute('href', '/masterdata');
});

test('export changes_export.xlsx', async ({ page }) => {
  await page.goto('/changes');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('changes_export.xlsx');
  expect((await file.createReadStream()).readable).toBe(true);
});

test('approve a master-data change', async ({ page }) => {
  await page.goto('/masterdata');
  const row = page.locator('tbody tr', { hasText: 'MDP-2026-1003' });
  await expect(row).toContainText('Awaiting approval');
  await row.getByRole('button', { name: 'Approve' }).click();
  // Approving asks first (issue 26): 'no' changes nothing.
  const question = page.getByRole('alertdialog', { name: 'Approve MDP-2026-1003?' });
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(row).toContainText('Awaiting approval');
  await row.getByRole('button', { name: 'Approve' }).click();
  await question.getByRole('button', { name: 'Approve' }).click();
  await expect(snackbar(page)).toContainText('Approved successfully');
  await expect(row).toContainText('Approved');
});

test('the audit screen lists the portal’s entries with its filters shown', async ({ page }) => {
  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: 'Audit' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Audit filters' })).toBeVisible();
  await expect(page.locator('tbody tr:not(.table__empty)').first()).toBeVisible();
});

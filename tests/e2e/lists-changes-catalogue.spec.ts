import { test, expect } from '@playwright/test';
import { signedInAs } from './fixtures/accounts';
import {
  expectListFollowsHistory,
  expectListSurvivesReload,
  expectSlowFirstAnswerDropped,
  listRows,
  type ListUnderTest,
} from './list-helpers';

/**
 * Issue 26: change management, master data, items and pricing each load through the one list
 * mechanism. For each: filters, sort and page survive a reload; back and forward step through them;
 * a slow first answer never replaces a later one. As portal staff, who reads every vendor's catalogue
 * and every change, on the seeded e2e database (500 items, 625 prices, 24 changes of each kind, 12
 * master-data records: see db/seed).
 */
test.use(signedInAs('staff@portal.test'));

const LISTS: ListUnderTest[] = [
  {
    path: '/changes',
    endpoint: '/changes/item?',
    filtersLabel: 'Change filters',
    // More than 10 of the item changes wait (two in four of the seeded ones); 10 rows a page is the only size that pages them.
    filter: { label: 'Status', param: 'status', value: 'pending', kind: 'select' },
    otherFilter: { label: 'Status', param: 'status', value: 'rejected', kind: 'select' },
    sort: { header: 'Vendor', key: 'vendor' },
  },
  {
    path: '/masterdata',
    endpoint: '/masterdata/history?',
    filtersLabel: 'Master-data filters',
    // The seeded records' processes are MDP-2026-1001 … 1012: two pages of 10.
    filter: { label: 'Search', param: 'search', value: 'MDP-2026', kind: 'text' },
    otherFilter: { label: 'Kind', param: 'event_type', value: 'vendor.update', kind: 'select' },
    sort: { header: 'Kind', key: 'event_type' },
  },
  {
    path: '/items',
    endpoint: '/items?',
    filtersLabel: 'Item filters',
    filter: { label: 'Item code, description or barcode', param: 'search', value: '10', kind: 'text' },
    otherFilter: { label: 'Vendor', param: 'searchCode', value: 'V0002', kind: 'text' },
    sort: { header: 'Description', key: 'descr' },
    pageSize: { value: 25, param: 'pageLimit' },
  },
  {
    path: '/pricing',
    endpoint: '/pricing/item?',
    filtersLabel: 'Pricing filters',
    filter: { label: 'Item code, description or barcode', param: 'search', value: '10', kind: 'text' },
    otherFilter: { label: 'Vendor', param: 'searchCode', value: 'V0002', kind: 'text' },
    sort: { header: 'Description', key: 'descr' },
    pageSize: { value: 25, param: 'pageLimit' },
  },
];

for (const list of LISTS) {
  test.describe(list.path, () => {
    test('a reload keeps the filter, sort and page', async ({ page }) => {
      await expectListSurvivesReload(page, list);
    });
    test('back and forward step through the filter, sort and page', async ({ page }) => {
      await expectListFollowsHistory(page, list);
    });
    test('a slow first answer never overwrites a later one', async ({ page }) => {
      await expectSlowFirstAnswerDropped(page, list);
    });
  });
}

test('the pricing tab of change management is in the address: a reload stays on it, back returns to item changes', async ({ page }) => {
  await page.goto('/changes');
  await page.getByRole('tab', { name: 'Pricing changes' }).click();
  await expect(page).toHaveURL(/[?&]tab=pricing/);
  await expect(listRows(page).first()).toContainText('%');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Pricing changes' })).toHaveAttribute('aria-selected', 'true');
  await expect(listRows(page).first()).toContainText('%');
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Item changes' })).toHaveAttribute('aria-selected', 'true');
  await expect(listRows(page).first()).not.toContainText('%');
});

test('pricing lists active items’ prices unless the address names another item state', async ({ page }) => {
  await page.goto('/pricing');
  const filters = page.getByRole('form', { name: 'Pricing filters' });
  await expect(filters.getByLabel('Item state')).toHaveValue('');
  const all = page.waitForResponse((r) => r.url().includes('/pricing/item?') && new URL(r.url()).searchParams.get('active') === 'all');
  await filters.getByLabel('Item state').selectOption('all');
  await filters.getByRole('button', { name: 'Search' }).click();
  await all;
  await expect(page).toHaveURL(/[?&]active=all/);
  await page.reload();
  await expect(page.getByRole('form', { name: 'Pricing filters' }).getByLabel('Item state')).toHaveValue('all');
});

test.describe('at a phone’s width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('master data: a pending record’s Approve and Reject are on screen, and a card shows no empty Reason or Actions', async ({
    page,
  }) => {
    await page.goto('/masterdata');
    const pending = listRows(page).filter({ hasText: 'Awaiting approval' }).first();
    for (const name of ['Approve', 'Reject']) {
      const button = pending.getByRole('button', { name });
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport({ ratio: 1 });
    }
    const decided = listRows(page).filter({ hasText: 'Approved' }).first();
    await expect(decided).toBeVisible();
    await expect(decided.locator('td[data-label="Reason"]')).toBeHidden();
    await expect(decided.locator('td[data-label="Actions"]')).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  for (const path of ['/changes', '/items', '/pricing']) {
    test(`${path}: rows are cards and nothing runs off the side`, async ({ page }) => {
      await page.goto(path);
      await expect(listRows(page).first()).toBeVisible();
      await expect(page.locator('.list-table table.table--cards')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const firstBox = listRows(page).first().getByRole('checkbox');
      await expect(firstBox).toBeInViewport();
    });
  }
});

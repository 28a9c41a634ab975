import { expect, test } from '@playwright/test';
import { signedInAs } from './fixtures/accounts';
import {
  listRows,
  expectListFollowsHistory,
  expectListSurvivesReload,
  expectSlowFirstAnswerDropped,
  type ListUnderTest,
} from './list-helpers';

/** The audit and history lists on the one list mechanism (issue 26): reload, back/forward, stale answers. */
test.use(signedInAs('staff@portal.test'));

const AUDIT: ListUnderTest = {
  path: '/audit',
  endpoint: '/audit/entries?',
  filtersLabel: 'Audit filters',
  // The demo's suppliers (Supplier Admin, Supplier User, Other Supplier) wrote hundreds of entries; Bongani Zulu about a hundred.
  filter: { label: 'Who', param: 'owner', value: 'Supplier', kind: 'text' },
  otherFilter: { label: 'Who', param: 'owner', value: 'Bongani', kind: 'text' },
  sort: { header: 'Who', key: 'owner' },
  pageSize: { value: 10, param: 'pageLimit' },
};

const HISTORY: ListUnderTest = {
  path: '/history',
  endpoint: '/history/documents?',
  filtersLabel: 'History filters',
  // Of the demo's 2,000 documents, hundreds are orders and hundreds are confirmed; the two lists differ.
  filter: { label: 'Document type', param: 'xdocTypeCode', value: 'order', kind: 'select' },
  otherFilter: { label: 'Document status', param: 'wfStatusCode', value: 'confirmed', kind: 'select' },
  sort: { header: 'Document number', key: 'docno' },
  pageSize: { value: 10, param: 'results' },
};

test.describe('history', () => {
  test('keeps its filter, sort, page size and page through a reload', async ({ page }) => {
    await expectListSurvivesReload(page, HISTORY);
  });
  test('follows back and forward', async ({ page }) => {
    await expectListFollowsHistory(page, HISTORY);
  });
  test('never shows a slow earlier answer over a later one', async ({ page }) => {
    await expectSlowFirstAnswerDropped(page, HISTORY);
  });
});

test('history: both filter panels hide at a click, and start hidden on a phone with the first row on the first screen', async ({
  page,
}) => {
  await page.goto('/history');
  const selection = page.getByRole('form', { name: 'Subsidiary and vendors' });
  const filters = page.getByRole('form', { name: 'History filters' });
  await expect(filters).toBeVisible();
  await expect(selection).toBeVisible();
  await page.getByRole('button', { name: 'Hide filters' }).click();
  await expect(filters).toBeHidden();
  await expect(selection).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/history');
  await expect(filters).toBeHidden();
  await expect(selection).toBeHidden();
  const firstRow = await listRows(page).first().boundingBox();
  expect(firstRow!.y).toBeLessThan(844);
  await page.getByRole('button', { name: 'Show filters' }).click();
  await expect(filters).toBeVisible();
  await expect(selection).toBeVisible();
});

test.describe('audit', () => {
  test('keeps its filter, sort, page size and page through a reload', async ({ page }) => {
    await expectListSurvivesReload(page, AUDIT);
  });
  test('follows back and forward', async ({ page }) => {
    await expectListFollowsHistory(page, AUDIT);
  });
  test('never shows a slow earlier answer over a later one', async ({ page }) => {
    await expectSlowFirstAnswerDropped(page, AUDIT);
  });
});

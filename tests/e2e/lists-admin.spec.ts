import { expect, test, type Page } from '@playwright/test';
import { apiAs, signedInAs } from './fixtures/accounts';
import {
  expectListFollowsHistory,
  expectListSurvivesReload,
  expectSlowFirstAnswerDropped,
  listRows,
  listTable,
  type ListUnderTest,
} from './list-helpers';

/**
 * The administration lists on the one list mechanism (issue 26): users, vendor linking, user activity
 * and vendors survive reload, back and forward with their filter, sort, page size and page, and a slow
 * earlier answer never replaces a later one; roles and activities read as words, details as text.
 */

const USERS: ListUnderTest = {
  path: '/users',
  endpoint: '/users?',
  filtersLabel: 'User filters',
  // Every demo address ends in .test (17 active users); seven are the portal's own demo accounts.
  filter: { label: 'Search', param: 'search', value: '.test', kind: 'text' },
  otherFilter: { label: 'Search', param: 'search', value: 'portal.test', kind: 'text' },
  sort: { header: 'E-mail', key: 'email' },
  pageSize: { value: 10, param: 'pageLimit' },
};

const VENDORS: ListUnderTest = {
  path: '/vendors',
  endpoint: '/vendors/user?',
  filtersLabel: 'Vendor filters',
  // The demo's 25 vendors are V0001 to V0025; V001x are ten of them.
  filter: { label: 'Code', param: 'code', value: 'V00', kind: 'text' },
  otherFilter: { label: 'Code', param: 'code', value: 'V001', kind: 'text' },
  sort: { header: 'Name', key: 'name' },
  pageSize: { value: 10, param: 'pageLimit' },
};

const ACTIVITY: ListUnderTest = {
  path: '/users/activity',
  endpoint: '/users/activity?',
  filtersLabel: 'Activity filters',
  // Eight seeded sign-ins and one per demo account signing in for the run: more than ten.
  filter: { label: 'Activity', param: 'activity', value: 'login', kind: 'select' },
  otherFilter: { label: 'User e-mail', param: 'user_email', value: 's', kind: 'text' },
  sort: { header: 'User', key: 'user_email' },
  pageSize: { value: 10, param: 'pageLimit' },
};

/** Vendor linking for Naledi Khumalo (one vendor linked): the 24 others are her unlinked vendors. */
async function linkingOfNaledi(baseURL: string): Promise<ListUnderTest> {
  const api = await apiAs('admin@portal.test', baseURL);
  const { data } = (await (await api.get('/users?search=naledi')).json()) as { data: { id: number }[] };
  return {
    path: `/users?view=linking&user=${data[0].id}`,
    endpoint: `/users/${data[0].id}/vendors/unlinked?`,
    filtersLabel: 'Vendor filters',
    filter: { label: 'Code', param: 'code', value: 'V00', kind: 'text' },
    otherFilter: { label: 'Code', param: 'code', value: 'V001', kind: 'text' },
    sort: { header: 'Name', key: 'name' },
    pageSize: { value: 10, param: 'pageLimit' },
  };
}

const RAW_ROLE = /\b(?:c_admin|c_user|m2_admin|m2_user|v_admin|v_user)\b/;

test.describe('as the portal admin', () => {
  test.use(signedInAs('admin@portal.test'));

  test('users: filter, sort, page size and page survive a reload', async ({ page }) => {
    await expectListSurvivesReload(page, USERS);
  });
  test('users: back and forward step through the list', async ({ page }) => {
    await expectListFollowsHistory(page, USERS);
  });
  test('users: a slow first answer never overwrites a later one', async ({ page }) => {
    await expectSlowFirstAnswerDropped(page, USERS);
  });

  test('vendor linking: filter, sort, page size and page survive a reload', async ({ page, baseURL }) => {
    await expectListSurvivesReload(page, await linkingOfNaledi(baseURL!));
  });
  test('vendor linking: back and forward step through the list', async ({ page, baseURL }) => {
    await expectListFollowsHistory(page, await linkingOfNaledi(baseURL!));
  });
  test('vendor linking: a slow first answer never overwrites a later one', async ({ page, baseURL }) => {
    await expectSlowFirstAnswerDropped(page, await linkingOfNaledi(baseURL!));
  });

  test('users: roles read as words, never as codes, and the filter offers them as words', async ({ page }) => {
    await page.goto('/users');
    await expect(listRows(page).first()).toBeVisible();
    await expect(listTable(page)).toContainText('Supplier Administrator');
    expect(await page.locator('main').innerText()).not.toMatch(RAW_ROLE);
    const roles = await page
      .getByRole('form', { name: 'User filters' })
      .getByLabel('Role', { exact: true })
      .locator('option')
      .allInnerTexts();
    expect(roles).toContain('Portal Staff');
    expect(roles.join(' ')).not.toMatch(RAW_ROLE);
  });

  test('users at phone width: each user is a card whose acts are on screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/users?search=thandi');
    const card = listRows(page).filter({ hasText: 'Thandi Nkosi' });
    const deactivate = card.getByRole('button', { name: 'Deactivate' });
    await deactivate.scrollIntoViewIfNeeded();
    const box = (await deactivate.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('as portal staff', () => {
  test.use(signedInAs('staff@portal.test'));

  test('activity: filter, sort, page size and page survive a reload', async ({ page }) => {
    await expectListSurvivesReload(page, ACTIVITY);
  });
  test('activity: back and forward step through the list', async ({ page }) => {
    await expectListFollowsHistory(page, ACTIVITY);
  });
  test('activity: a slow first answer never overwrites a later one', async ({ page }) => {
    await expectSlowFirstAnswerDropped(page, ACTIVITY);
  });

  test('vendors: filter, sort, page size and page survive a reload', async ({ page }) => {
    await expectListSurvivesReload(page, VENDORS);
  });
  test('vendors: back and forward step through the list', async ({ page }) => {
    await expectListFollowsHistory(page, VENDORS);
  });
  test('vendors: a slow first answer never overwrites a later one', async ({ page }) => {
    await expectSlowFirstAnswerDropped(page, VENDORS);
  });

  test('activity: activities and their details read as words, never as codes or JSON', async ({ page }) => {
    await checkActivityWords(page);
  });

  test('vendors: certificate expiry dates read DD-MM-YYYY as the other tables', async ({ page }) => {
    await page.goto('/vendors?code=V0001');
    const expiry = listRows(page).first().locator('td').nth(3);
    await expect(expiry).toHaveText(/^\d{2}-\d{2}-\d{4}$/);
  });
});

/** The seeded invitation carries a detail ({invited: address}): it shows as 'Invited: …', not as JSON. */
async function checkActivityWords(page: Page): Promise<void> {
  await page.goto('/users/activity?activity=invite-user');
  await expect(listRows(page).first()).toBeVisible();
  const table = listTable(page);
  await expect(table.locator('tbody')).toContainText('Invited a user');
  await expect(table.locator('tbody')).toContainText('Invited: karen.smith@highveld.test');
  const text = await table.locator('tbody').innerText();
  expect(text).not.toMatch(/[{}"]/);
  expect(text).not.toContain('invite-user');
  const options = await page
    .getByRole('form', { name: 'Activity filters' })
    .getByLabel('Activity', { exact: true })
    .locator('option')
    .allInnerTexts();
  expect(options).toContain('Signed in');
  expect(options).not.toContain('login');
}

import { test } from '@playwright/test';
import { signedInAs } from './fixtures/accounts';
import { expectListFollowsHistory, expectListSurvivesReload, expectSlowFirstAnswerDropped, type ListUnderTest } from './list-helpers';

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

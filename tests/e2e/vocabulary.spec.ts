import { test, expect, type Page } from '@playwright/test';
import { AUDIT_ACTION_LABELS, DOCUMENT_STATUS_LABELS } from '../../lib/vocabulary';
import { apiAs, signedInAs } from './fixtures/accounts';

/**
 * One vocabulary (issue 26): the history, audit and users screens show words, never an internal code.
 * The codes below are what the database holds; each screen is read as a person reads it (its text).
 */
test.use(signedInAs('admin@portal.test'));

const RUN = Date.now().toString(36);
/** Role codes (v_user, m2_admin), subsidiary codes (SUB02) and the goods received voucher's type code. */
const RAW_CODES = [/\b(?:v|c|m2)_(?:user|admin)\b/, /\bSUB\d{2}\b/, /aux\.grv/i];
const ACTION_CODES = Object.keys(AUDIT_ACTION_LABELS);

async function expectNoRawCode(page: Page, where = page.locator('main')) {
  const text = await where.innerText();
  for (const code of RAW_CODES) expect(text, `${page.url()} shows ${code}`).not.toMatch(code);
}

test('the history names a goods received voucher and its status in words', async ({ page }) => {
  await page.goto('/history?xdocTypeCode=aux.grv');
  const rows = page.locator('.list-table table tbody tr:not(.table__empty)');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Goods received voucher' }).first()).toBeVisible();
  await expectNoRawCode(page);
  // Every status shown is a word of the vocabulary, in one case style; none is a lower-case code.
  await page.goto('/history?xdocTypeCode=order');
  await expect(rows.first()).toBeVisible();
  const header = await page.locator('.list-table table thead th').allInnerTexts();
  const statusColumn = header.findIndex((h) => h.trim().startsWith('Status'));
  expect(statusColumn).toBeGreaterThanOrEqual(0);
  const statuses = await rows.locator(`td:nth-child(${statusColumn + 1})`).allInnerTexts();
  expect(statuses.length).toBeGreaterThan(0);
  for (const status of statuses) expect(Object.values(DOCUMENT_STATUS_LABELS)).toContain(status.trim());
  await expectNoRawCode(page);
});

test('the users screen and its invite dialog show roles and subsidiaries by name', async ({ page, baseURL }) => {
  const api = await apiAs('admin@portal.test', baseURL!);
  const email = `vocabulary.${RUN}@portal.test`;
  const created = await api.post('/users', { data: { name: `Vocabulary ${RUN}`, email, role_id: 4, customers: [] } });
  expect(created.status(), await created.text()).toBeLessThan(300);

  await page.goto('/users');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expect(page.locator('tbody')).toContainText('Supplier User');
  await expectNoRawCode(page);

  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Role').selectOption({ label: 'Customer User' });
  await expect(dialog.getByLabel('Role').locator('option', { hasText: 'Supplier User' })).toHaveCount(1);
  await expectNoRawCode(page, dialog);
});

test('the audit screen shows actions in words, an invitation naming the role, never a code', async ({ page, baseURL }) => {
  const api = await apiAs('admin@portal.test', baseURL!);
  const email = `audit.vocabulary.${RUN}@portal.test`;
  const created = await api.post('/users', { data: { name: `Audit words ${RUN}`, email, role_id: 5, customers: [] } });
  expect(created.status(), await created.text()).toBeLessThan(300);

  await page.goto('/audit');
  const rows = page.locator('tbody tr:not(.table__empty)');
  await expect(rows.first()).toBeVisible();
  const invitation = rows.filter({ hasText: email });
  await expect(invitation).toContainText('Invited a user');
  await expect(invitation).toContainText('Supplier Administrator');
  await expectNoRawCode(page);

  const header = await page.locator('thead th').allInnerTexts();
  const actionColumn = header.findIndex((h) => h.trim().startsWith('Action'));
  const actions = await rows.locator(`td:nth-child(${actionColumn + 1})`).allInnerTexts();
  expect(actions.length).toBeGreaterThan(0);
  for (const action of actions) expect(ACTION_CODES, `the audit screen shows the code ${action}`).not.toContain(action.trim());
  // The action filter offers the words too, not the codes.
  const options = await page.getByRole('form', { name: 'Audit filters' }).getByLabel('Action').locator('option').allInnerTexts();
  for (const option of options) expect(ACTION_CODES).not.toContain(option.trim());
  expect(options).toContain('Invited a user');
});

import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import pg from 'pg';
import { test, expect, type Page } from '@playwright/test';
import { env } from '../../lib/env';
import { ROLE_IDS } from '../../lib/auth/roles';
import { signedInAs } from './fixtures/accounts';
import { shoot, signIn, temporaryUser } from './helpers';

/**
 * The spec's dates and messages (issue 27 point 6) as a user meets them: the date pickers' formats
 * (§9), the vendors screen's list failure (§8) and the server's flash message in the snackbar (§2 Other).
 */

const calendar = (page: Page) => page.locator('.date-picker__calendar');

/** Opens the inbox on a tab at this width, with its filters shown (a phone starts with them hidden). */
async function openTab(page: Page, tab: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
  await page.goto(`/?tab=${tab}`);
  await expect(page.getByRole('tab', { selected: true })).toBeVisible();
  const show = page.getByRole('button', { name: 'Show filters' });
  if (await show.isVisible()) await show.click();
  await expect(page.getByLabel('From date')).toBeVisible();
}

test.describe('date pickers (spec §9)', () => {
  test.use(signedInAs('supplier@portal.test'));

  test('the remittance tab shows yy-mm-dd, its calendar starts the week on Sunday, and the filter sent is yyyy-mm-dd', async ({ page }) => {
    await openTab(page, 'remittances', 1366);
    const from = page.getByLabel('From date');
    await expect(from).toHaveAttribute('placeholder', 'yy-mm-dd');
    await from.fill('26-11-05');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/fromDate=2026-11-05/);
    await expect(from).toHaveValue('26-11-05');

    await page.getByRole('button', { name: 'Open calendar' }).nth(1).click();
    await expect(calendar(page)).toBeVisible();
    await expect(calendar(page).locator('.rdp-weekday').first()).toHaveText('Su');
    await expect(calendar(page).locator('.rdp-weekday').first()).toHaveAttribute('aria-label', 'Sunday');
    // The picker and its open calendar have no serious or critical accessibility fault.
    const { violations } = await new AxeBuilder({ page }).include('.filters').include('.date-picker__calendar').analyze();
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`)).toEqual([]);
    await calendar(page).locator('.rdp-day:not(.rdp-outside) button').filter({ hasText: /^15$/ }).click();
    await expect(calendar(page)).toBeHidden();
    await expect(page.getByLabel('To date')).toHaveValue(/^\d\d-\d\d-15$/);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/toDate=\d{4}-\d\d-15/);
  });

  test('other pickers show mm/dd/yy and send yyyy-mm-dd', async ({ page }) => {
    await openTab(page, 'delivery-notes', 1366);
    const from = page.getByLabel('From date');
    await expect(from).toHaveAttribute('placeholder', 'mm/dd/yy');
    await from.fill('11/05/26');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/fromDate=2026-11-05/);
    await expect(from).toHaveValue('11/05/26');
  });

  test('the invoice date shows yyyy-mm-dd and its calendar offers only the last 45 days', async ({ page }) => {
    await page.goto('/?tab=invoices&docno=PO-INV-0002');
    await page.getByRole('button', { name: 'PO-INV-0002', exact: true }).click();
    const window = page.getByRole('dialog').first();
    const date = window.getByLabel('Invoice date');
    await expect(date).toHaveAttribute('placeholder', 'yyyy-mm-dd');
    await expect(date).toHaveValue(/^\d{4}-\d\d-\d\d$/);
    await window.getByRole('button', { name: 'Open calendar' }).click();
    await expect(calendar(page).locator('.rdp-weekday').first()).toHaveText('Su');
    // Today is the last day that may be chosen (spec §5).
    await expect(calendar(page).locator('.rdp-today button')).toBeEnabled();
    const today = await calendar(page).locator('.rdp-today').getAttribute('data-day');
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const next = calendar(page).locator(`.rdp-day[data-day="${tomorrow}"] button`);
    if (await next.count()) await expect(next).toBeDisabled();
    await shoot(page, 'invoice-date-picker');
  });

  test('screenshots: the remittance tab with its picker open', async ({ page }) => {
    const dir = process.env.E2E_SHOTS_DIR;
    test.skip(!dir, 'E2E_SHOTS_DIR names the folder for screenshots');
    for (const width of [1366, 390]) {
      await openTab(page, 'remittances', width);
      await page.getByLabel('From date').fill('26-11-05');
      await page.getByRole('button', { name: 'Open calendar' }).first().click();
      await expect(calendar(page)).toBeVisible();
      await page.screenshot({ path: path.join(dir!, `remittance-date-picker-${width}.png`) });
    }
  });
});

test.describe('vendors screen (spec §8)', () => {
  test.use(signedInAs('admin@portal.test'));

  test("a list the server refuses says 'Oops! failed to get vendor contact support' and keeps the filters", async ({ page }) => {
    await page.goto('/vendors');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByText('Oops! failed to get vendor contact support')).toHaveCount(0);

    await page.goto('/vendors?certificate=lapsed');
    const failed = page.getByRole('alert').filter({ hasText: 'Oops! failed to get vendor contact support' });
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('Unknown certificate status.');
    await shoot(page, 'vendors-list-refused');
    // The one list mechanism keeps its table with the refusal (and the last rows, when there were any): here none.
    await expect(page.getByRole('table').locator('tbody tr:not(.table__empty)')).toHaveCount(0);
    await page.getByLabel('Certificate').selectOption('expired');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/certificate=expired/);
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByText('Oops! failed to get vendor contact support')).toHaveCount(0);
  });
});

test.describe('the global flash message (spec §2 Other)', () => {
  const email = `flash.${Date.now().toString(36)}@portal.test`;

  test('reaches the snackbar on the screen the browser goes to, once', async ({ page }) => {
    await temporaryUser(email, ROLE_IDS.v_admin);
    // A user who has not accepted the declaration yet.
    const db = new pg.Client({ connectionString: env.E2E_DATABASE_URL });
    await db.connect();
    await db.query('delete from declarations where user_id = (select id from users where email = $1)', [email]);
    await db.end();

    await signIn(page, email);
    const declaration = page.getByRole('dialog', { name: 'Declaration' });
    await declaration.getByRole('button', { name: 'I accept' }).click();
    await expect(declaration).toBeHidden();
    await expect(page.locator('.snackbar')).toHaveText(/Declaration accepted/);
    await shoot(page, 'flash-snackbar');

    // Shown once: its cookie is gone, so the next screen has no message.
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.snackbar')).toHaveCount(0);
  });
});

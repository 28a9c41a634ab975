import { readFile } from 'node:fs/promises';
import { test, expect, type Locator, type Page } from '@playwright/test';
import { signIn } from './helpers';
import { pickLookup } from './lookup-helpers';

/**
 * The supplier's inbox (spec §2, §4, §5, §8) against the seeded e2e database. Tests that change data
 * pick different documents, so they do not depend on each other's order.
 */

const SUPPLIER = 'supplier@portal.test';

const panel = (page: Page) => page.getByRole('tabpanel');
const rows = (page: Page) => panel(page).locator('tbody tr:not(.table__empty)');
/** The rows' checkboxes, each named after its document ('Select PO00004632'). */
const rowBoxes = (page: Page) =>
  panel(page)
    .locator('tbody')
    .getByRole('checkbox', { name: /^Select / });

/** The number on a tab, e.g. 180 on 'Orders 180'. */
async function counter(page: Page, tab: RegExp): Promise<number> {
  return Number(await page.getByRole('tab', { name: tab }).locator('.badge').innerText());
}

/** Cell of a row in the column with this header (the first cell is the row's checkbox). */
async function cell(page: Page, row: Locator, header: string): Promise<Locator> {
  const headers = await panel(page).locator('thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === header);
  expect(index, `column ${header}`).toBeGreaterThan(-1);
  return row.locator('td').nth(index);
}

async function openInbox(page: Page): Promise<void> {
  await signIn(page, SUPPLIER);
  await expect(page).toHaveURL(/\/$/);
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Orders/ })).toHaveAttribute('aria-selected', 'true');
}

test.describe('supplier inbox', () => {
  test('filters orders by store: every row is of the chosen store', async ({ page }) => {
    await openInbox(page);
    const store = await (await cell(page, rows(page).first(), 'Store')).locator('[data-store-code]').getAttribute('data-store-code');
    expect(store).toBeTruthy();
    await pickLookup(page, 'Store', store!, new RegExp(`^${store} `));

    const loaded = page.waitForResponse((r) => /\/orders\?/.test(r.url()) && r.url().includes('store='));
    await page.getByRole('button', { name: 'Search' }).click();
    expect((await loaded).ok()).toBe(true);

    await expect(rows(page).first()).toBeVisible();
    const codes = await panel(page)
      .locator('tbody [data-store-code]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-store-code')));
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes)).toEqual(new Set([store]));
    expect(codes).toHaveLength(await rows(page).count());
  });

  test('rejects one line of a multi-line order and lowers the Orders counter', async ({ page }) => {
    await openInbox(page);
    const before = await counter(page, /^Orders/);
    expect(before).toBeGreaterThan(0);

    // The first order with several lines.
    const all = await rows(page).all();
    let target: Locator | undefined;
    for (const row of all) {
      if (Number(await (await cell(page, row, 'Lines')).innerText()) > 1) {
        target = row;
        break;
      }
    }
    expect(target, 'a multi-line order').toBeDefined();
    const docno = (await (await cell(page, target!, 'Order number')).innerText()).trim();
    await target!.click();

    const modal = page.getByRole('dialog', { name: `Order ${docno}` });
    await expect(modal).toBeVisible();
    await modal.getByLabel('Respond per line').check();
    const firstLine = modal.getByLabel(/^Response for line \d+$/).first();
    const lineName = (await firstLine.getAttribute('aria-label'))!.replace('Response for ', '');
    await firstLine.selectOption('rejected');
    await modal.getByLabel(`Reason for ${lineName}`).selectOption('other');
    await modal.getByLabel(`Supplier reference for ${lineName}`).fill('E2E-LINE-REF');
    await modal.getByRole('button', { name: 'Submit response' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Response successfully submitted' })).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(panel(page).getByText(docno, { exact: true })).toHaveCount(0);
    await expect.poll(() => counter(page, /^Orders/)).toBe(before - 1);
  });

  test('a bulk rejection without a reason is stopped before any call', async ({ page }) => {
    await openInbox(page);
    const bulkCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/orders/bulkResponse')) bulkCalls.push(r.url());
    });
    const boxes = rowBoxes(page);
    for (const i of [0, 1, 2]) await boxes.nth(i).check();
    await expect(panel(page).getByText('3 selected')).toBeVisible();
    const count = await rows(page).count();

    await page.getByRole('button', { name: 'Reject selected' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Reject selected orders' });
    await dialog.getByRole('button', { name: 'Reject orders' }).click();
    await expect(dialog.getByText('You need to select a reason')).toBeVisible();
    await expect(dialog.getByText('You need to enter a supplier reference')).toBeVisible();

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(bulkCalls).toEqual([]);
    await expect(rows(page)).toHaveCount(count);
    await expect(panel(page).getByText('3 selected')).toBeVisible();
  });

  test('confirms two return orders in bulk after asking, and lowers the counter by the successes', async ({ page }) => {
    await openInbox(page);
    await page.getByRole('tab', { name: /^Return orders/ }).click();
    await expect(page).toHaveURL(/tab=return-orders/);
    await expect(rows(page).first()).toBeVisible();
    await expect.poll(() => counter(page, /^Return orders/)).toBeGreaterThan(1);
    const before = await counter(page, /^Return orders/);
    const docnos: string[] = [];
    for (const i of [0, 1]) {
      docnos.push((await (await cell(page, rows(page).nth(i), 'Order number')).innerText()).trim());
      await rowBoxes(page).nth(i).check();
    }

    await page.getByRole('button', { name: 'Confirm selected' }).click();
    const question = page.getByRole('alertdialog', { name: 'Confirm 2 orders?' });
    await expect(question.getByText('The 2 selected orders will be confirmed.')).toBeVisible();
    await question.getByRole('button', { name: 'Yes, do it!' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Response successfully submitted' })).toBeVisible();
    for (const docno of docnos) await expect(panel(page).getByText(docno, { exact: true })).toHaveCount(0);
    await expect.poll(() => counter(page, /^Return orders/)).toBe(before - 2);
    await expect(rowBoxes(page).first()).not.toBeChecked();
  });

  test('bulk mark-as-read of delivery notes asks first; cancelling clears the selection', async ({ page }) => {
    await openInbox(page);
    await page.getByRole('tab', { name: /^Delivery notes/ }).click();
    await expect(rows(page).first()).toBeVisible();
    await expect.poll(() => counter(page, /^Delivery notes/)).toBeGreaterThan(1);
    const before = await counter(page, /^Delivery notes/);
    const boxes = rowBoxes(page);

    await boxes.nth(0).check();
    await page.getByRole('button', { name: 'Mark selected as read' }).click();
    await page.getByRole('alertdialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(boxes.nth(0)).not.toBeChecked();
    expect(await counter(page, /^Delivery notes/)).toBe(before);

    const docnos: string[] = [];
    for (const i of [0, 1]) {
      docnos.push((await (await cell(page, rows(page).nth(i), 'Delivery note')).innerText()).trim());
      await boxes.nth(i).check();
    }
    await page.getByRole('button', { name: 'Mark selected as read' }).click();
    const question = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(question.getByText('Would you like to mark all these documents as read?')).toBeVisible();
    await question.getByRole('button', { name: 'Yes, do it!' }).click();

    for (const docno of docnos) await expect(panel(page).getByText(docno, { exact: true })).toHaveCount(0);
    await expect.poll(() => counter(page, /^Delivery notes/)).toBe(before - 2);
    await expect(panel(page).getByText('2 selected')).toHaveCount(0);
  });

  test('marks a remittance as read from its modal: it leaves the list and the counter drops', async ({ page }) => {
    await openInbox(page);
    await page.getByRole('tab', { name: /^Remittances/ }).click();
    await expect(page).toHaveURL(/tab=remittances/);
    await expect(rows(page).first()).toBeVisible();
    await expect.poll(() => counter(page, /^Remittances/)).toBeGreaterThan(0);
    const before = await counter(page, /^Remittances/);

    const row = rows(page).first();
    const docno = (await (await cell(page, row, 'Remittance advice')).innerText()).trim();
    await row.click();
    const modal = page.getByRole('dialog', { name: `Remittance advice ${docno}` });
    await expect(modal.getByRole('heading', { name: 'Invoices paid' })).toBeVisible();
    await modal.getByRole('button', { name: 'Mark as read' }).click();

    await expect(modal).toBeHidden();
    await expect(panel(page).getByText(docno, { exact: true })).toHaveCount(0);
    expect(await counter(page, /^Remittances/)).toBe(before - 1);
  });

  test('downloads an order PDF named after the order, holding its number', async ({ page }) => {
    await openInbox(page);
    const row = rows(page).last();
    const docno = (await (await cell(page, row, 'Order number')).innerText()).trim();
    await row.click();
    const modal = page.getByRole('dialog', { name: `Order ${docno}` });
    await expect(modal).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), modal.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`${docno}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(docno);
  });

  test('keeps the chosen page size in the inboxPageLimit cookie and starts again at page 1', async ({ page, context }) => {
    await openInbox(page);
    await panel(page).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(panel(page).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await page.getByLabel('Rows per page').selectOption('10');
    await expect(rows(page)).toHaveCount(10);
    await expect(page).not.toHaveURL(/page=2/);
    const cookie = (await context.cookies()).find((c) => c.name === 'inboxPageLimit');
    expect(cookie?.value).toBe('10');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

    await page.reload();
    await expect(rows(page)).toHaveCount(10);
    await expect(page.getByLabel('Rows per page')).toHaveValue('10');
  });

  test('retailer staff are sent from / to the history', async ({ page }) => {
    await signIn(page, 'staff@portal.test');
    await page.goto('/');
    await expect(page).toHaveURL(/\/history$/);
  });
});

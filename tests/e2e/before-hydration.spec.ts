import { expect, test, type Page } from '@playwright/test';
import { signedInAs } from './fixtures/accounts';

/**
 * What a user does before the page is interactive is not lost (lib/client/interactive.ts). The page's
 * scripts are held back, as on a slow line: the server's HTML shows the filters, but they cannot be
 * used until React has hydrated them. Before this, a filter chosen then was reset by hydration, and a
 * Search pressed then reloaded the page without its tab; the list was never asked with the filter.
 */
test.use(signedInAs('supplier@portal.test'));

/** Holds the page's script chunks until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/**', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('the inbox filters wait for the page to be interactive, then search with what was chosen', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/?tab=orders', { waitUntil: 'commit' });
  const filters = page.getByRole('form', { name: 'Order filters' });
  const orderType = filters.getByLabel('Order type', { exact: true });
  await expect(orderType).toBeVisible();
  await expect(orderType).toBeDisabled();
  await expect(filters.getByRole('button', { name: 'Search' })).toBeDisabled();

  release();
  await expect(orderType).toBeEnabled();
  const answered = page.waitForResponse((r) => r.url().includes('/orders?') && new URL(r.url()).searchParams.get('orderType') === 'stock');
  await orderType.selectOption('stock');
  await filters.getByRole('button', { name: 'Search' }).click();
  expect((await answered).ok()).toBe(true);
  await expect(page).toHaveURL(/[?&]tab=orders\b/);
  await expect(page).toHaveURL(/[?&]orderType=stock\b/);
});

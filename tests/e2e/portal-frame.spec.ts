import { test, expect } from '@playwright/test';
import { signedInAs } from './fixtures/accounts';

/** The portal's frame around every screen: navbar, skip link, every navbar screen real, not found. */

test.describe('portal frame', () => {
  test.use(signedInAs('admin@portal.test'));

  test('every screen of the navbar is a real page, and nothing a page loads answers 404', async ({ page }) => {
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) missing.push(r.url());
    });
    await page.goto('/history');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(5);
    for (const href of hrefs) {
      const response = await page.goto(href);
      expect(response?.status(), href).toBe(200);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Page not found' }), href).toHaveCount(0);
      await expect(page.getByText('Coming soon'), href).toHaveCount(0);
    }
    // The navbar's links are prefetched as they come into view; none may be a 404.
    for (const link of await page.getByRole('navigation', { name: 'Main' }).getByRole('link').all()) await link.hover();
    await page.waitForLoadState('networkidle');
    expect(missing).toEqual([]);
  });

  test('a sub-address of a screen that is no page is "not found" inside the portal', async ({ page }) => {
    const response = await page.goto('/audit/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('an address that is no screen is "not found" inside the portal, with the navbar', async ({ page }) => {
    const response = await page.goto('/no-such-screen');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('the staff start page shows no internal role codes', async ({ page }) => {
    await page.goto('/history');
    await expect(page.getByRole('heading', { name: 'Document history' })).toBeVisible();
    await expect(page.locator('main')).not.toContainText(/\(m2_|m2_admin|c_user|v_admin/);
  });

  test('the first Tab reaches a skip link that moves focus to the main content', async ({ page }) => {
    await page.goto('/history');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('the user’s name looks like the button it is', async ({ page }) => {
    await page.goto('/history');
    const name = page.getByRole('button', { name: 'Portal Admin' });
    const style = await name.evaluate((el) => {
      const s = getComputedStyle(el);
      return { border: s.borderTopWidth, colour: s.borderTopColor, cursor: s.cursor };
    });
    expect(style.cursor).toBe('pointer');
    expect(style.border).not.toBe('0px');
    expect(style.colour).not.toBe('rgba(0, 0, 0, 0)');
  });

  test('at a laptop’s width (1366 px) every link of an administrator’s navbar is in view, none clipped', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto('/history');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const navBox = (await nav.boundingBox())!;
    const links = await nav.getByRole('link').all();
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) {
      const box = (await link.boundingBox())!;
      expect(box.x + box.width, await link.innerText()).toBeLessThanOrEqual(navBox.x + navBox.width + 0.5);
    }
    await expect(nav.getByRole('link', { name: 'E-mail preferences' })).toBeInViewport({ ratio: 1 });
  });

  test.describe('on a phone (390 px)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the navbar folds into a menu', async ({ page }) => {
      await page.goto('/history');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav).toBeHidden();
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(nav).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Vendors' })).toBeVisible();
      await nav.getByRole('link', { name: 'Vendors' }).click();
      await expect(page.getByRole('heading', { name: 'Vendors' })).toBeVisible();
      await expect(nav).toBeHidden();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
});

test.describe('unknown API addresses', () => {
  test.use(signedInAs('supplier@portal.test'));

  test('answer a JSON 404', async ({ page }) => {
    const response = await page.request.get('/api/no-such-thing');
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ message: 'Not found.' });
  });
});

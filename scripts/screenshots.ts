/**
 * Screenshots of the supplier inbox for the docs (docs/screenshots/): signs in as supplier@portal.test
 * through the /login form, then at 1366×768 and 390×844 saves
 *   inbox-<width>.png         the inbox at / (orders tab), full page
 *   order-window-<width>.png  the same after clicking the first order, with the order window open
 * Works with the old inbox (clickable rows) and the new one (a button in the row).
 *
 * Run against a running portal (seeded with the demo accounts), e.g.
 *   npx tsx scripts/screenshots.ts --base http://127.0.0.1:3300 --out docs/screenshots/after
 * It uses the system Chromium (/usr/bin/chromium) and never downloads a browser.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../db/seed/demo-accounts';
import { CHROMIUM_LAUNCH } from './chromium';

const { values } = parseArgs({ options: { base: { type: 'string' }, out: { type: 'string' } } });
if (!values.base || !values.out) {
  console.error('usage: npx tsx scripts/screenshots.ts --base http://127.0.0.1:PORT --out DIR');
  process.exit(2);
}
const base = values.base.replace(/\/$/, '');
const out = path.resolve(values.out);
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** The orders list has loaded when its first row is a real row, not the "Loading…"/empty row. */
const firstRow = (page: Page) => page.locator('table tbody tr:not(.table__empty)').first();

/** Lets late requests (counters, the order's details) settle; best effort, so a page that keeps polling does not hang it. */
const settle = (page: Page) => page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});

async function shoot(page: Page, name: string, fullPage: boolean): Promise<void> {
  await page.screenshot({ path: path.join(out, name), fullPage, animations: 'disabled' });
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  console.log(`${name}${scroll > client ? ` (page scrolls sideways: ${scroll} px wide in ${client} px)` : ''}`);
}

await mkdir(out, { recursive: true });
const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
  // Sign in once through the real form, as tests/e2e/helpers.ts does; every viewport reuses the cookies.
  const login = await browser.newPage({ baseURL: base });
  await login.goto('/login');
  await login.getByLabel('E-mail').first().fill('supplier@portal.test');
  await login.getByLabel('Password').fill(DEMO_PASSWORD);
  await login.getByRole('button', { name: 'Sign in' }).click();
  await login.waitForURL((url) => !url.pathname.startsWith('/login'));
  const storageState = await login.context().storageState();
  await login.close();

  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ baseURL: base, viewport, storageState });
    const page = await context.newPage();
    await page.goto('/?tab=orders');
    await firstRow(page).waitFor();
    await settle(page);
    await shoot(page, `inbox-${viewport.width}.png`, true);

    // The new inbox may put a button (the order number) in the row; the old one opens from the row itself.
    const row = firstRow(page);
    const button = row.getByRole('button').first();
    await ((await button.isVisible()) ? button : row.locator('td:not(.table__select)').first()).click();
    await page.getByRole('dialog').first().waitFor();
    await settle(page);
    await shoot(page, `order-window-${viewport.width}.png`, false);
    await context.close();
  }
} finally {
  await browser.close();
}

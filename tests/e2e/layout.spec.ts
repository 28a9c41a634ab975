import { test, expect, type Page } from '@playwright/test';
import { checkScreen, openFirstDocument } from '../../scripts/screen-checks';
import { signedInAs } from './fixtures/accounts';

/**
 * Issue 26: every list screen and document window fits a laptop (1366 × 900) and a phone (390 × 844): the
 * page never scrolls sideways, no table or tab strip is cut off in a box that scrolls sideways, every
 * button, link and field is inside the window, and none is left in the browser's own style (the invoice
 * window's file field was). The measuring is scripts/screen-checks.ts's, the same the
 * screenshot script records for the docs (docs/screenshots/issue-26/). Each screen as the user who works there.
 */

const SUPPLIER = 'supplier@portal.test';
const STAFF = 'staff@portal.test';
const ADMIN = 'admin@portal.test';

interface Screen {
  name: string;
  path: string;
  /** What to open once the page has loaded (a view, a window); the check is then of that. */
  then?: (page: Page) => Promise<void>;
}

/** A button by its whole name, or by the start of it where a counter follows ("To credit 2"). */
const clickButton = (name: string | RegExp) => async (page: Page) => {
  await page.getByRole('button', { name, exact: true }).first().click();
};

const openDialog = (name: string | RegExp) => async (page: Page) => {
  await clickButton(name)(page);
  await expect(page.getByRole('dialog').first()).toBeVisible();
};

/** The filter panel is closed on a phone until asked for; on a laptop it is open already. */
async function showFilters(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Show filters' });
  if (await toggle.isVisible()) await toggle.click();
  await expect(page.getByRole('button', { name: 'Hide filters' })).toBeVisible();
}

/** The first order's window with its answer per line and line 1 rejected: its reason and reference show. */
async function answerPerLine(page: Page): Promise<void> {
  await openFirstDocument(page);
  await page.getByLabel('Respond per line').check();
  await page.getByLabel('Response for line 1').selectOption('rejected');
  await expect(page.getByLabel('Reason for line 1')).toBeVisible();
}

const SCREENS: Record<string, Screen[]> = {
  [SUPPLIER]: [
    { name: 'inbox, orders', path: '/?tab=orders' },
    { name: 'inbox, orders with the filters shown', path: '/?tab=orders', then: showFilters },
    { name: 'inbox, an order’s window', path: '/?tab=orders', then: openFirstDocument },
    { name: 'inbox, an order answered per line', path: '/?tab=orders', then: answerPerLine },
    { name: 'inbox, return orders', path: '/?tab=return-orders' },
    { name: 'inbox, invoices to invoice', path: '/?tab=invoices' },
    { name: 'inbox, return orders to credit', path: '/?tab=invoices', then: clickButton(/^To credit\b/) },
    // The first order to invoice, not a named one: invoicing.spec, which runs earlier, invoices PO-INV-0001.
    { name: 'inbox, the invoice window', path: '/?tab=invoices', then: openFirstDocument },
    { name: 'inbox, the delivery-note window', path: '/?tab=invoices', then: openDialog(/^Delivery note for /) },
    { name: 'inbox, delivery notes', path: '/?tab=delivery-notes' },
    { name: 'inbox, disputes', path: '/?tab=disputes' },
    { name: 'inbox, remittances', path: '/?tab=remittances' },
    { name: 'catalogue items', path: '/items' },
    { name: 'catalogue pricing', path: '/pricing' },
    { name: 'e-mail preferences', path: '/preferences/email' },
  ],
  [STAFF]: [
    { name: 'history', path: '/history' },
    { name: 'history, a document’s window', path: '/history', then: openFirstDocument },
    { name: 'changes', path: '/changes' },
    { name: 'master data', path: '/masterdata' },
    { name: 'vendors', path: '/vendors' },
    { name: 'audit', path: '/audit' },
  ],
  [ADMIN]: [
    { name: 'users', path: '/users' },
    { name: 'users, vendor linking', path: '/users?view=linking' },
    { name: 'user activity', path: '/users/activity' },
    { name: 'integrations', path: '/integrations' },
  ],
};

/** A screen once its list has answered: the check measures rows, not a loading state. */
async function open(page: Page, screen: Screen): Promise<void> {
  await page.goto(screen.path);
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  if (screen.then) {
    await screen.then(page);
    await page.waitForLoadState('networkidle');
  }
}

const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });
    for (const [email, screens] of Object.entries(SCREENS)) {
      test.describe(`as ${email}`, () => {
        test.use(signedInAs(email));
        for (const screen of screens) {
          test(`${screen.name} fits the window`, async ({ page }) => {
            await open(page, screen);
            const { sideways, clippedBoxes, offScreenControls, unstyledControls } = await checkScreen(page);
            expect({ sideways, clippedBoxes, offScreenControls, unstyledControls }).toEqual({
              sideways: [],
              clippedBoxes: [],
              offScreenControls: [],
              unstyledControls: [],
            });
          });
        }
      });
    }
  });
}

test.describe('inbox density at 1366 × 900', () => {
  test.use({ viewport: { width: 1366, height: 900 }, ...signedInAs(SUPPLIER) });
  for (const tab of ['orders', 'invoices']) {
    test(`the ${tab} tab shows at least 12 orders before the first scroll`, async ({ page }) => {
      await page.goto(`/?tab=${tab}`);
      const rows = page.locator('main tbody tr:not(.table__empty)');
      // More orders than fit, so the count says how many the screen shows, not how many there are.
      await expect(rows.nth(12)).toBeVisible();
      const inView = await rows.evaluateAll((all) => all.filter((row) => row.getBoundingClientRect().top < window.innerHeight).length);
      expect(inView).toBeGreaterThanOrEqual(12);
    });
  }
});

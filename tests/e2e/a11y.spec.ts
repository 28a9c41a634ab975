import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts';
import { env } from '../../lib/env';
import { ROLE_IDS } from '../../lib/auth/roles';
import { navLinksForRole } from '../../components/navbar/nav-links';
import { signedInAs } from './fixtures/accounts';
import { expectAccessible } from './axe';
import { shoot, signIn, temporaryUser } from './helpers';

/**
 * Issue 26 point 6: every screen and every dialog, signed in as each kind of user, has no serious or critical
 * axe finding against WCAG 2.1 A and AA. The screens are the navbar's links of each role, so a new screen is
 * checked the day it gets a link.
 */

// axe takes seconds a page on a busy machine, and the dialog tests run it on many.
test.describe.configure({ timeout: 180_000 });

const KINDS = ['admin', 'staff', 'retail.admin', 'retail.user', 'supplier', 'supplier.user'].map((name) => `${name}@portal.test`);
const MAIL_DIR = path.join(process.cwd(), '.data/e2e-mail');

const dialog = (page: Page) => page.getByRole('dialog').last();
const rows = (page: Page) => page.locator('tbody tr:not(.table__empty)');

/** A screen once its list has answered: axe judges what the user reads, not a loading state. */
async function open(page: Page, href: string): Promise<void> {
  await page.goto(href);
  await expect(page.locator('h1, [role="tablist"]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('the check finds a serious fault when there is one', async ({ page }) => {
  // An unnamed button and an unlabelled field: were these not reported, every test below would pass for nothing.
  await page.setContent('<html lang="en"><title>t</title><main><button></button><input></main></html>');
  await expect(expectAccessible(page)).rejects.toThrow(/button-name[\s\S]*label/);
});

for (const email of KINDS) {
  const { role } = DEMO_ACCOUNTS.find((a) => a.email === email)!;
  test.describe(`as ${email} (${role})`, () => {
    test.use(signedInAs(email));
    for (const link of navLinksForRole(role)) {
      test(`${link.label} (${link.href})`, async ({ page }) => {
        await open(page, link.href);
        await expectAccessible(page);
      });
    }
  });
}

test.describe('signed out', () => {
  test('sign-in, forgotten password, new password, unsubscribe and e-mail confirmation', async ({ page }) => {
    for (const href of [
      '/login',
      '/login?forgot=1',
      '/login?error=credentials',
      '/password/reset/not-a-real-token',
      '/unsubscribe?token=x',
    ]) {
      await page.goto(href);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page);
    }
  });
});

test.describe('the supplier inbox', () => {
  test.use(signedInAs('supplier@portal.test'));

  test('each tab, an order window, the reject-selected dialog and the are-you-sure question', async ({ page }) => {
    for (const tab of ['orders', 'return-orders', 'invoices', 'delivery-notes', 'disputes', 'remittances']) {
      await open(page, `/?tab=${tab}`);
      await expectAccessible(page);
    }
    await open(page, '/?tab=orders');
    await rows(page).first().locator('td').nth(1).click();
    await expect(dialog(page)).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    for (const i of [0, 1]) await rows(page).nth(i).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Reject selected' }).click();
    const reject = page.getByRole('alertdialog', { name: 'Reject selected orders' });
    await reject.getByRole('button', { name: 'Reject orders' }).click();
    await expect(reject.getByText('You need to select a reason')).toBeVisible();
    await expectAccessible(page);
    await reject.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Confirm selected' }).click();
    const question = page.getByRole('alertdialog', { name: /^Confirm 2 orders/ });
    await expect(question).toBeVisible();
    await expectAccessible(page);
    await question.getByRole('button', { name: 'Cancel' }).click();
  });

  test('a remittance window', async ({ page }) => {
    await open(page, '/?tab=remittances');
    await rows(page).first().locator('td').nth(1).click();
    await expect(dialog(page)).toBeVisible();
    await expectAccessible(page);
  });

  test('the invoice, credit note, delivery note and discrepancy windows, and the alert of a refused amount', async ({ page }) => {
    for (const [view, docno] of [
      ['', 'PO-INV-0001'],
      ['to-credit', 'RO-INV-0001'],
      ['', 'PO-INV-0004'],
    ]) {
      await open(page, `/?tab=invoices${view ? `&view=${view}` : ''}&docno=${docno}`);
      await page.getByRole('button', { name: docno, exact: true }).click();
      await expect(dialog(page)).toBeVisible();
      await expectAccessible(page);
    }
    await open(page, '/?tab=invoices&docno=PO-INV-0002');
    await page.getByRole('button', { name: 'Delivery note for PO-INV-0002' }).click();
    await expect(dialog(page)).toBeVisible();
    await expectAccessible(page);

    // An amount above the order's refused beside its field; then every empty field named beside it.
    await open(page, '/?tab=invoices&docno=PO-INV-0002');
    await page.getByRole('button', { name: 'PO-INV-0002', exact: true }).click();
    const window = page.getByRole('dialog').first();
    await window.getByLabel('Amount of line 1').fill('99999');
    await window.getByLabel('Amount of line 1').press('Tab');
    await expect(window.getByRole('alert').first()).toBeVisible();
    await expectAccessible(page);
    await window.getByRole('checkbox', { name: /agree to submit/ }).check();
    await window.getByRole('button', { name: /^Submit / }).click();
    await expect(window.getByRole('alert').first()).toBeVisible();
    await expectAccessible(page);

    await window.getByRole('button', { name: 'Upload UBL file instead' }).click();
    await expect(page.getByRole('dialog', { name: /^Upload a UBL/ })).toBeVisible();
    await expectAccessible(page);
  });

  test('items: the item view, the upload dialog, the download question; the e-mailed download page', async ({ page }) => {
    const since = Date.now();
    await open(page, '/items');
    await rows(page).first().locator('td').nth(1).getByRole('button').click();
    await expect(dialog(page)).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Upload items' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Download by e-mail' }).click();
    const question = page.getByRole('alertdialog');
    await expect(question).toBeVisible();
    await expectAccessible(page);
    await question.getByRole('button', { name: /Yes/ }).click();
    await expect(page.locator('.snackbar')).toBeVisible();
    await expectAccessible(page);

    await page.goto(await downloadLink('supplier@portal.test', since));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  });
});

/** The download link e-mailed to `email` after `since` (the worker writes the e-mail). */
async function downloadLink(email: string, since: number): Promise<string> {
  for (const until = Date.now() + 30_000; Date.now() < until;) {
    for (const file of (await readdir(MAIL_DIR).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'))) {
      const full = path.join(MAIL_DIR, file);
      if ((await stat(full)).mtimeMs < since) continue;
      const raw = (await readFile(full, 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!raw.includes(`To: ${email}`)) continue;
      const link = /https?:\/\/[^\s"<>]+(\/downloads\/[A-Za-z0-9._-]+)/.exec(raw);
      if (link) return link[1];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no download e-mail to ${email}`);
}

test.describe('portal staff', () => {
  test.use(signedInAs('staff@portal.test'));

  test('history: a document window, its audit trail and related documents', async ({ page }) => {
    await open(page, '/history?xdocTypeCode=order&wfStatusCode=confirmed');
    const docno = await rows(page).first().locator('td').first().innerText();
    await rows(page).first().getByRole('button', { name: docno }).click();
    const modal = page.getByRole('dialog', { name: `Order ${docno}` });
    await expect(modal).toBeVisible();
    await expectAccessible(page);
    await modal.getByRole('button', { name: 'Audit trail' }).click();
    await expect(
      page
        .getByRole('dialog', { name: `Audit trail ${docno}` })
        .locator('li')
        .first(),
    ).toBeVisible();
    await expectAccessible(page);
    await page
      .getByRole('dialog', { name: `Audit trail ${docno}` })
      .getByRole('button', { name: 'Close' })
      .first()
      .click();
    await modal.getByRole('button', { name: 'Related documents' }).click();
    await expect(page.getByRole('dialog', { name: `Related documents of order ${docno}` }).getByRole('table')).toBeVisible();
    await expectAccessible(page);
  });

  test('changes: a change side by side and its reject dialog; master data: its reject dialog', async ({ page }) => {
    await open(page, '/changes');
    await rows(page).first().getByRole('button').first().click();
    const change = dialog(page);
    await expect(change).toBeVisible();
    await expectAccessible(page);
    const reject = change.getByRole('button', { name: 'Reject' });
    if (await reject.count()) {
      await reject.click();
      await expect(page.getByRole('dialog', { name: 'Reject change' })).toBeVisible();
      await expectAccessible(page);
    }
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const tick = rows(page).getByRole('checkbox', { disabled: false }).first();
    await tick.check();
    await page.getByRole('button', { name: /^Approve selected/ }).click();
    const question = page.getByRole('alertdialog', { name: /^Approve / });
    await expect(question).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'changes-approve-question');
    await question.getByRole('button', { name: 'Cancel' }).click();

    // Master data: approving an upload asks first; rejecting asks for the reason.
    await open(page, '/masterdata');
    await rows(page).getByRole('button', { name: 'Approve' }).first().click();
    const approveUpload = page.getByRole('alertdialog', { name: /^Approve / });
    await expect(approveUpload).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'masterdata-approve-question');
    await approveUpload.getByRole('button', { name: 'Cancel' }).click();
    await rows(page).getByRole('button', { name: 'Reject' }).first().click();
    await expect(dialog(page)).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('the portal admin', () => {
  test.use(signedInAs('admin@portal.test'));

  test('users: the invite and edit windows, the vendors window, the linking view', async ({ page }) => {
    await open(page, '/users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite user' });
    await invite.getByRole('button', { name: /^Save/ }).first().click();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(invite).toBeHidden();

    await open(page, '/users?search=sipho');
    const row = rows(page).filter({ hasText: 'Sipho' }).first();
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect(dialog(page)).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: 'Vendors', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Vendors of Sipho Dlamini' }).locator('tbody tr').first()).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await open(page, '/users?view=linking');
    await expectAccessible(page);

    // Deactivating asks first.
    await open(page, '/users?search=sipho');
    await rows(page).filter({ hasText: 'Sipho' }).first().getByRole('button', { name: 'Deactivate' }).click();
    const question = page.getByRole('alertdialog', { name: /^Deactivate / });
    await expect(question).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'users-deactivate-question');
    await question.getByRole('button', { name: 'Cancel' }).click();

    // Unlinking one vendor asks first, as unlinking several does.
    const linking = await rows(page).filter({ hasText: 'Sipho' }).first().getByRole('link', { name: 'Link vendors' }).getAttribute('href');
    await open(page, `${linking!}&which=linked`);
    await rows(page)
      .getByRole('button', { name: /^Unlink V/ })
      .first()
      .click();
    const unlink = page.getByRole('alertdialog', { name: /^Unlink / });
    await expect(unlink).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'user-vendors-unlink-question');
    await unlink.getByRole('button', { name: 'Cancel' }).click();
  });

  test('vendors: the edit window', async ({ page }) => {
    await open(page, '/vendors?code=V0005');
    await page.getByRole('button', { name: 'Edit' }).first().click();
    await expect(dialog(page)).toBeVisible();
    await expectAccessible(page);
  });

  test('integrations: the new-integration window and its refusal, and an integration’s deliveries', async ({ page }) => {
    await open(page, '/integrations');
    await page.getByRole('button', { name: 'New integration' }).click();
    const created = page.getByRole('dialog', { name: 'New integration' });
    await created.getByRole('button', { name: 'Create integration' }).click();
    await expect(created.getByText('At least one subsidiary has to be selected')).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    const deliveries = page.getByRole('link', { name: /deliveries/i }).first();
    if (await deliveries.count()) {
      await deliveries.click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page);
    }
  });
});

test.describe('a user who has not accepted the declaration', () => {
  const email = `a11y.${Date.now().toString(36)}@portal.test`;

  test('the declaration window', async ({ page }) => {
    await temporaryUser(email, ROLE_IDS.v_user);
    const db = new pg.Client({ connectionString: env.E2E_DATABASE_URL });
    await db.connect();
    await db.query('delete from declarations where user_id = (select id from users where email = $1)', [email]);
    await db.end();
    await signIn(page, email);
    await expect(page.getByRole('dialog', { name: 'Declaration' })).toBeVisible();
    await expectAccessible(page);
  });
});

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { apiAs, signedInAs } from './fixtures/accounts';
import { shoot, signIn } from './helpers';

/**
 * Users and vendors administration (issue 11) on real pages: the invitation from the admin's screen to
 * the new supplier user's first sign-in, activation, the activity filters, e-mail preferences and a
 * B-BBEE certificate upload.
 */

const MAIL_DIR = path.join(process.cwd(), '.data/e2e-mail');
const RUN = Date.now().toString(36);
const NEW_USER = { name: `Vusi Invited ${RUN}`, email: `vusi.${RUN}@invited.test`, password: 'Vusi-Password-2026' };

const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The link of the invitation e-mail the worker wrote for this address (.eml files without SMTP). */
async function invitationLink(email: string): Promise<string> {
  for (const until = Date.now() + 30_000; Date.now() < until;) {
    const files = await readdir(MAIL_DIR).catch(() => [] as string[]);
    for (const file of files.filter((f) => f.endsWith('.eml'))) {
      const raw = decodeQuotedPrintable(await readFile(path.join(MAIL_DIR, file), 'utf8'));
      if (!raw.includes(`To: ${email}`)) continue;
      const link = /https?:\/\/[^\s"<>]+\/password\/reset\/[A-Za-z0-9_-]{20,}/.exec(raw);
      if (link) return link[0];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no invitation e-mail to ${email}`);
}

const snackbar = (page: Page) => page.locator('.snackbar');

test.describe.serial('invitation to first sign-in', () => {
  test.describe('as the portal admin', () => {
    test.use(signedInAs('admin@portal.test'));

    test('invites a supplier user, saves and links two vendors in bulk', async ({ page }) => {
      await page.goto('/users');
      await page.getByRole('button', { name: 'Invite user' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill(NEW_USER.name);
      await dialog.getByLabel('E-mail').fill(NEW_USER.email);
      await expect(dialog.getByLabel('Role')).toHaveValue('4');
      await dialog.getByRole('button', { name: 'Save and Link User' }).click();
      await expect(snackbar(page)).toContainText(`${NEW_USER.name} has been invited`);
      await expect(page).toHaveURL(/\/users\?view=linking&user=\d+$/);

      await page.getByRole('checkbox', { name: 'Select V0001' }).check();
      await page.getByRole('checkbox', { name: 'Select V0002' }).check();
      await page.getByRole('button', { name: 'Link selected' }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText(`Are you sure you want to link ${NEW_USER.name} to all vendors listed below?`);
      await confirm.getByRole('button', { name: 'Yes, do it!' }).click();
      await expect(snackbar(page)).toContainText(`${NEW_USER.name} has been linked to 2 vendors`);
      await page.getByRole('link', { name: 'Linked vendors', exact: true }).click();
      await expect(page.locator('tbody tr')).toHaveCount(2);
    });
  });

  test('the new user sets a password from the e-mail, signs in, accepts the declaration and sees only those vendors', async ({ page }) => {
    await page.goto(await invitationLink(NEW_USER.email));
    await page.getByLabel('New password', { exact: true }).fill(NEW_USER.password);
    await page.getByLabel('Confirm new password').fill(NEW_USER.password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page).toHaveURL(/\/login/);

    await signIn(page, NEW_USER.email, NEW_USER.password);
    const declaration = page.getByRole('dialog', { name: 'Declaration' });
    await expect(declaration).toBeVisible();
    await declaration.getByRole('button', { name: 'I accept' }).click();
    await expect(declaration).toBeHidden();
    await expect(page).toHaveURL(/\/$/);

    const answer = await page.request.get('/orders?results=500', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    const { xdocs } = (await answer.json()) as { xdocs: { vendorCode: string }[] };
    expect(xdocs.length).toBeGreaterThan(0);
    expect(new Set(xdocs.map((x) => x.vendorCode))).toEqual(new Set(['V0001', 'V0002']));

    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Declaration' })).toHaveCount(0);
  });

  test.describe('as portal staff', () => {
    test.use(signedInAs('staff@portal.test'));

    test('filters the user activity by the new user’s e-mail as it is typed, in the query string', async ({ page }) => {
      await page.goto('/users/activity');
      await page.getByLabel('User e-mail').fill(NEW_USER.email);
      // The address may carry the @ as it is (nuqs) or encoded: what counts is the value it reads as.
      await expect.poll(() => new URL(page.url()).searchParams.get('user_email')).toBe(NEW_USER.email);
      // Activities read as words (issue 26), not as their codes.
      await expect(page.locator('tbody')).toContainText('Accepted the declaration');
      await expect(page.locator('tbody')).toContainText('Signed in');
      await page.getByLabel('From').fill('2020-01-01');
      await expect(page).toHaveURL(/date_from=2020-01-01/);
      // A date is cleared alone by emptying its box (the filters apply as changed).
      await page.getByLabel('From').fill('');
      await expect(page).not.toHaveURL(/date_from/);
      await expect(page).toHaveURL(/user_email=/);
      await page.getByRole('button', { name: 'Reset' }).click();
      await expect(page).toHaveURL(/\/users\/activity$/);
    });

    test('uploads a B-BBEE certificate as a vendor change waiting for approval', async ({ page }) => {
      await page.goto('/vendors?code=V0005');
      await page.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('B-BBEE level').selectOption('3');
      await dialog.getByLabel('B-BBEE expiry date').fill('2028-02-29');
      await dialog.getByLabel(/B-BBEE certificate/).setInputFiles({
        name: 'certificate.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      });
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect(snackbar(page)).toContainText('Submitted successfully');
      await expect(page.locator('tbody')).toContainText('change waiting for approval');
    });
  });
});

test.describe('as the portal admin', () => {
  test.use(signedInAs('admin@portal.test'));

  test('deactivates and restores a user', async ({ page }) => {
    await page.goto('/users?search=thandi');
    await page
      .getByRole('row', { name: /Thandi Nkosi/ })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    // It asks first: Cancel changes nothing, Deactivate goes ahead.
    const question = page.getByRole('alertdialog', { name: 'Deactivate Thandi Nkosi?' });
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    await expect(snackbar(page)).toHaveCount(0);
    await page
      .getByRole('row', { name: /Thandi Nkosi/ })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await question.getByRole('button', { name: 'Deactivate' }).click();
    await expect(snackbar(page)).toContainText('Thandi Nkosi has been made inactive');
    await page.goto('/users?search=thandi&active=false');
    await page
      .getByRole('row', { name: /Thandi Nkosi/ })
      .getByRole('button', { name: 'Restore' })
      .click();
    await expect(snackbar(page)).toContainText('Thandi Nkosi has been restored');
    await page.goto('/users?search=thandi');
    await expect(page.getByRole('row', { name: /Thandi Nkosi/ })).toBeVisible();
  });
});

test.describe('as a supplier user', () => {
  test.use(signedInAs('other.supplier@portal.test'));

  test('toggles an e-mail preference, which the reloaded list keeps', async ({ page }) => {
    await page.goto('/preferences/email');
    const orders = page.getByRole('switch', { name: 'Disputes' });
    await expect(orders).toBeChecked();
    await shoot(page, 'email-preferences');
    // After the toggle the screen loads the list again from the server (spec §4).
    const reloaded = page.waitForResponse((r) => r.url().includes('/users/preferences/email/settings') && r.ok());
    await orders.uncheck();
    await reloaded;
    await expect(orders).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Disputes' })).not.toBeChecked();
    await page.getByRole('switch', { name: 'Disputes' }).check();
    await expect(page.getByRole('switch', { name: 'Disputes' })).toBeChecked();
  });
});

/**
 * Issue 27 point 4: the vendors modal, the list ⇄ vendor-linking toggle, "Save and Link User" for a user
 * edited into a supplier role, the keyboard path of the invitation and activity filters that apply as changed.
 */
test.describe('user management as spec §2 and §6 draw it', () => {
  test.describe('as the portal admin', () => {
    test.use(signedInAs('admin@portal.test'));

    test('the vendors modal lists a supplier user’s linked vendors, filtered by code', async ({ page }) => {
      await page.goto('/users?search=sipho');
      const row = page.getByRole('row', { name: /Sipho Dlamini/ });
      await expect(row).toContainText('Supplier Administrator');
      const opener = row.getByRole('button', { name: 'Vendors', exact: true });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Vendors of Sipho Dlamini' });
      await expect(dialog.locator('tbody tr')).toHaveCount(5);
      for (const code of ['V0004', 'V0005', 'V0006', 'V0007', 'V0008']) await expect(dialog.locator('tbody')).toContainText(code);
      await dialog.getByLabel('Code').fill('V0006');
      await expect(dialog.locator('tbody tr')).toHaveCount(1);
      await expect(dialog.locator('tbody')).toContainText('V0006');
      await dialog.getByLabel('Code').fill('');
      await expect(dialog.locator('tbody tr')).toHaveCount(5);
      await shoot(page, 'users-vendors-modal');
      await expect(page).toHaveURL(/\/users\?search=sipho$/);
      await dialog.locator('.dialog__footer').getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });

    test('the toggle switches between the user list and vendor linking, and a reload keeps the view', async ({ page }) => {
      await page.goto('/users');
      const views = page.getByRole('navigation', { name: 'Users view' });
      await expect(views.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
      await shoot(page, 'users-list');
      await views.getByRole('link', { name: 'Vendor linking' }).click();
      await expect(page).toHaveURL(/\/users\?view=linking$/);
      await expect(views.getByRole('link', { name: 'Vendor linking' })).toHaveAttribute('aria-current', 'page');
      await shoot(page, 'users-vendor-linking-choose');
      await page.getByRole('searchbox', { name: 'Supplier user' }).fill('naledi');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('link', { name: 'Link vendors to Naledi Khumalo' }).click();
      await expect(page).toHaveURL(/\/users\?view=linking&user=\d+$/);
      await expect(page.getByRole('heading', { name: 'Vendors of Naledi Khumalo' })).toBeVisible();
      const userId = /user=(\d+)/.exec(page.url())![1];

      await page.reload();
      await expect(page.getByRole('heading', { name: 'Vendors of Naledi Khumalo' })).toBeVisible();
      await expect(views.getByRole('link', { name: 'Vendor linking' })).toHaveAttribute('aria-current', 'page');
      await shoot(page, 'users-vendor-linking');

      // The old address of the linking view leads to the same view.
      await page.goto(`/users/${userId}/vendors?which=linked`);
      await expect(page).toHaveURL(new RegExp(`/users\\?view=linking&user=${userId}&which=linked$`));
      await expect(page.locator('tbody')).toContainText('V0004');

      await views.getByRole('link', { name: 'Users' }).click();
      await expect(page).toHaveURL(/\/users$/);
      await expect(page.getByRole('button', { name: 'Invite user' })).toBeVisible();
    });

    test('a portal staff user edited into a supplier user is saved with "Save and Link User" and lands on linking', async ({
      page,
      baseURL,
    }) => {
      const staff = { name: `Lerato Staff ${RUN}`, email: `lerato.${RUN}@portal.test` };
      const api = await apiAs('admin@portal.test', baseURL!);
      const created = await api.post('/users', { data: { ...staff, role_id: 6, customers: [] } });
      expect(created.status(), await created.text()).toBeLessThan(300);

      await page.goto(`/users?search=${encodeURIComponent(staff.email)}`);
      const row = page.getByRole('row', { name: new RegExp(staff.name) });
      await expect(row).toContainText('Portal Staff');
      await row.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${staff.name}` });
      await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
      await dialog.getByLabel('Role').selectOption({ label: 'Supplier User' });
      await dialog.getByRole('button', { name: 'Save and Link User' }).click();
      await expect(snackbar(page)).toBeVisible();
      await expect(page).toHaveURL(/\/users\?view=linking&user=\d+$/);
      await expect(page.getByRole('heading', { name: `Vendors of ${staff.name}` })).toBeVisible();

      // Edited again, already a supplier user: a plain save.
      await page.goto(`/users?search=${encodeURIComponent(staff.email)}`);
      await page
        .getByRole('row', { name: new RegExp(staff.name) })
        .getByRole('button', { name: 'Edit' })
        .click();
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true })).toBeVisible();
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Save and Link User' })).toHaveCount(0);
    });

    test('invites a user with the keyboard alone; focus returns to the button when the dialog closes', async ({ page }) => {
      const invited = { name: `Keyboard Kim ${RUN}`, email: `kim.${RUN}@invited.test` };
      await page.goto('/users');
      const invite = page.getByRole('button', { name: 'Invite user' });
      await invite.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Invite user' });
      await expect(dialog.getByLabel('Name')).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(invite).toBeFocused();

      await page.keyboard.press('Enter');
      await expect(dialog.getByLabel('Name')).toBeFocused();
      await page.keyboard.type(invited.name);
      await page.keyboard.press('Tab');
      await page.keyboard.type(invited.email);
      await page.keyboard.press('Tab'); // role: Supplier User by default
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(invite).toBeFocused();

      await page.keyboard.press('Enter');
      await page.keyboard.type(invited.name);
      await page.keyboard.press('Tab');
      await page.keyboard.type(invited.email);
      for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: 'Save and Link User' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(snackbar(page)).toContainText(`${invited.name} has been invited`);
      await expect(page.getByRole('heading', { name: `Vendors of ${invited.name}` })).toBeVisible();
    });
  });

  test.describe('as portal staff', () => {
    test.use(signedInAs('staff@portal.test'));

    test('user activity reloads as each filter changes, keeps the filters on reload and clears one date alone', async ({ page }) => {
      await page.goto('/users/activity');
      await page.getByLabel('Activity', { exact: true }).selectOption('login');
      await expect(page).toHaveURL(/\/users\/activity\?activity=login$/);
      await page.getByLabel('From', { exact: true }).fill('2020-01-01');
      await expect(page).toHaveURL(/date_from=2020-01-01/);
      await page.getByLabel('To', { exact: true }).fill('2030-12-31');
      await expect(page).toHaveURL(/date_to=2030-12-31/);
      await expect(page).toHaveURL(/activity=login/);
      await expect(page.locator('tbody tr').first()).toContainText('Signed in');

      await page.reload();
      await expect(page.getByLabel('Activity', { exact: true })).toHaveValue('login');
      // The picker shows mm/dd/yy (spec §9); the address carries yyyy-mm-dd.
      await expect(page.getByLabel('From', { exact: true })).toHaveValue('01/01/20');
      await expect(page.getByLabel('To', { exact: true })).toHaveValue('12/31/30');
      await shoot(page, 'users-activity');

      await page.getByLabel('From', { exact: true }).fill('');
      await expect(page).not.toHaveURL(/date_from/);
      await expect(page).toHaveURL(/date_to=2030-12-31/);
      await expect(page).toHaveURL(/activity=login/);
      await expect(page.getByLabel('From', { exact: true })).toHaveValue('');
      await expect(page.getByLabel('To', { exact: true })).toHaveValue('12/31/30');

      await page.getByRole('button', { name: 'Reset' }).click();
      await expect(page).toHaveURL(/\/users\/activity$/);
      await expect(page.getByLabel('Activity', { exact: true })).toHaveValue('');
      await expect(page.getByLabel('To', { exact: true })).toHaveValue('');
    });
  });
});

import { test, expect, type Page } from '@playwright/test';
import { apiAs, stateFile } from './fixtures/accounts';
import { shoot } from './helpers';

/**
 * Issue 27 point 2, "the certificate opened by an approver": a supplier sends a new B-BBEE certificate
 * with its vendor data; portal staff (who approve master data and manage vendors) follow the
 * certificate's link on the master-data review and, once approved, on the vendors screen, and get the
 * file itself with its type and name; another vendor's supplier is refused it.
 */

const CERTIFICATE = 'bbbee-V0001-2027.pdf';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const snackbar = (page: Page) => page.locator('.snackbar-region');

/** Follows a file link as a person would (the browser downloads it), then reads the same address's answer. */
async function followFileLink(page: Page, name: string | RegExp) {
  const link = page.getByRole('link', { name });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(CERTIFICATE);
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/files\/\d+\/download$/);
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toBe(`attachment; filename="${CERTIFICATE}"`);
  expect(Buffer.from(await response.body())).toEqual(PDF);
  return href!;
}

test('the certificate opened by an approver', async ({ browser, baseURL }) => {
  // The supplier of V0001 proposes new data with a certificate.
  const supplier = await browser.newContext({ storageState: stateFile('supplier@portal.test') });
  const supplierPage = await supplier.newPage();
  await supplierPage.goto('/vendors?code=V0001');
  await supplierPage.locator('tbody tr', { hasText: 'V0001' }).getByRole('button', { name: 'Edit' }).click();
  const edit = supplierPage.getByRole('dialog');
  await edit.getByLabel('Contact name').fill('Naledi Approver-Test');
  await edit.getByLabel(/B-BBEE certificate/).setInputFiles({ name: CERTIFICATE, mimeType: 'application/pdf', buffer: PDF });
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(snackbar(supplierPage)).toContainText('Submitted successfully');
  await supplier.close();

  // Portal staff review it on the master-data screen: fields by name, the certificate as a link.
  const staff = await browser.newContext({ storageState: stateFile('staff@portal.test') });
  const page = await staff.newPage();
  await page.goto('/masterdata');
  const row = page.locator('tbody tr', { hasText: 'V0001' }).filter({ hasText: 'Vendor data' }).filter({ hasText: 'Awaiting approval' });
  await row.getByRole('button').first().click();
  const review = page.getByRole('dialog');
  await expect(review.getByRole('row', { name: /Contact name/ })).toContainText('Naledi Approver-Test');
  await expect(review.getByRole('row', { name: /Contact name/ })).toHaveClass(/is-changed/);
  await expect(review.getByRole('rowheader', { name: /bbbeeFileId/ })).toHaveCount(0);
  const certificateRow = review.getByRole('row', { name: /B-BBEE certificate/ });
  await expect(certificateRow).toHaveClass(/is-changed/);
  await shoot(page, 'masterdata-vendor-change', review.getByRole('button', { name: 'Approve' }));
  const href = await followFileLink(page, CERTIFICATE);

  // Another vendor's supplier does not get it, neither by the link nor by its id.
  const other = await apiAs('other.supplier@portal.test', baseURL!);
  expect([403, 404]).toContain((await other.get(href)).status());
  await other.dispose();

  await review.getByRole('button', { name: 'Approve' }).click();
  // Approving asks first (issue 26).
  await page
    .getByRole('alertdialog', { name: /^Approve / })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(snackbar(page)).toContainText('Approved successfully');
  await expect(row).toHaveCount(0);

  // Approved, it is the vendor's certificate: the vendors screen links to it.
  await page.goto('/vendors?code=V0001');
  await shoot(page, 'vendors');
  expect(await followFileLink(page, /B-BBEE certificate of V0001: /)).toBe(href);
  await staff.close();
});

test('an upload shows the rows it carries, old → new', async ({ browser }) => {
  const staff = await browser.newContext({ storageState: stateFile('staff@portal.test') });
  const page = await staff.newPage();
  await page.goto('/masterdata');
  await shoot(page, 'masterdata');
  // A seeded pricing upload of V0002 with two rows (db/seed/changes.ts).
  const filters = page.getByRole('form', { name: /filters/ });
  await filters.getByLabel('Search').fill('MDP-2026-1002');
  await filters.getByRole('button', { name: 'Search' }).click();
  const upload = page.locator('tbody tr', { hasText: 'MDP-2026-1002' });
  await expect(upload).toContainText('Pricing upload');
  await upload.getByRole('button').first().click();
  const review = page.getByRole('dialog');
  await expect(review.getByRole('table')).toContainText('2 rows in this upload');
  await expect(review.getByRole('table').locator('tbody tr').first()).toContainText(/Cost price: \d+\.\d{2} → \d+\.\d{2}/);
  await shoot(page, 'masterdata-upload-rows', review.getByRole('button', { name: 'Approve' }));
  await staff.close();
});

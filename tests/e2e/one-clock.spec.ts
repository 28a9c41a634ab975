import { test, expect } from '@playwright/test';
import { signedInAs } from './fixtures/accounts';

/**
 * One clock (issue 27): a browser in another zone (here New Zealand, 11 hours ahead of South Africa)
 * sees the same South African time for one act in the document's audit trail and in the audit screen.
 */
test.use({ ...signedInAs('staff@portal.test'), timezoneId: 'Pacific/Auckland' });

const DATE_TIME = /\d{2}-\d{2}-\d{4} \d{2}:\d{2}/;

/** Now in South Africa as the portal writes it, DD-MM-YYYY HH:mm. */
function southAfricanNow(): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Johannesburg',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
}

test('an act shows the same South African time in the document audit and the audit screen', async ({ page }) => {
  await page.goto('/history?xdocTypeCode=order&wfStatusCode=confirmed&sort=docno&direction=asc');
  const rows = page.locator('.list-table table tbody tr:not(.table__empty)');
  const docno = (await rows.first().locator('td').first().innerText()).trim();
  await rows.first().getByRole('button', { name: docno }).click();
  const modal = page.getByRole('dialog', { name: `Order ${docno}` });
  await modal.getByRole('button', { name: 'Mark outstanding' }).click();
  const before = southAfricanNow();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, do it!' }).click();
  await expect(modal).toBeHidden();
  const after = southAfricanNow();

  await rows.first().getByRole('button', { name: docno }).click();
  await modal.getByRole('button', { name: 'Audit trail' }).click();
  const trail = page.getByRole('dialog', { name: `Audit trail ${docno}` });
  const newest = trail.getByRole('list', { name: 'Audit trail' }).locator('li').first();
  await expect(newest).toContainText('outstanding');
  const trailTime = (await newest.innerText()).match(DATE_TIME)?.[0];
  expect([before, after]).toContain(trailTime);
  await expect(newest).toContainText(`${trailTime} SAST`);

  await page.goto('/audit');
  const filters = page.getByRole('form', { name: 'Audit filters' });
  await filters.getByLabel('Document number').fill(docno);
  await filters.getByRole('button', { name: 'Search' }).click();
  const entry = page.locator('tbody tr:not(.table__empty)').filter({ hasText: 'outstanding' }).first();
  await expect(entry).toContainText(trailTime!);
  await expect(page.getByRole('columnheader', { name: 'When (SAST)' })).toBeVisible();
});

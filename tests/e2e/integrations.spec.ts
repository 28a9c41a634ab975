import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { request, test, expect, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { env } from '../../lib/env';
import { WebhookReceiver } from '../integration/webhooks/receiver';
import { apiAs, signedInAs } from './fixtures/accounts';

/**
 * The integrations screen (issue 23) on the production build, with the real worker sending webhooks to a
 * signature-checking receiver in this process: an integration made, its key shown once and copied, used, its
 * webhook failing and replayed, its endpoint disabled and turned back on, its key rotated and revoked; and
 * nobody but the portal admin sees the screen.
 */

const RUN = Date.now().toString(36);
const NAME = `ERP ${RUN}`;
const HOOK = `/erp-${RUN}`;
const ADMIN = 'admin@portal.test';
const receiver = new WebhookReceiver();
/** Answers 500 until told otherwise (`receiver.behave(HOOK, {})` makes it answer 200). */
const failing = () => ({ statuses: Array.from({ length: 1000 }, () => 500) });

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: env.E2E_DATABASE_URL });
  await db.connect();
  try {
    return (await db.query<T>(text, values)).rows;
  } finally {
    await db.end();
  }
}

/** No serious or critical accessibility faults in what `include` selects (the page, or an open dialog). */
async function expectAccessible(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`)).toEqual([]);
}

/** Screenshots at a desktop and a phone width, when E2E_SHOTS_DIR names a folder for them. */
async function shoot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    // Nothing runs off the side: the table scrolls in its own box or becomes cards.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: !(await page.getByRole('dialog').count()) });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });
const snackbar = (page: Page) => page.locator('.snackbar');
const deliveryRow = (page: Page, eventId: string): Locator => page.locator('tbody tr', { hasText: eventId });

/** An order from the retailer's system, in the integration's subsidiary (the store's). */
const order = (docno: string) => ({
  type: 'order',
  docno,
  vendorCode: 'V0001',
  storeCode: 'S001',
  docDate: '2026-06-15',
  orderType: 'stock',
  lines: [{ lineNumber: 1, catalogueCode: '101001', descr: 'Maize meal 10 kg', qty: 3, amount: '33.33', taxPercent: 15 }],
});

/** Ingests an order with the key and answers the id of the event its webhook carries, once the receiver had it. */
async function ingestAndAwaitWebhook(page: Page, key: string, docno: string): Promise<string> {
  const answer = await page.request.post('/api/v1/documents', { ...bearer(key), data: order(docno) });
  expect(answer.status()).toBe(201);
  let eventId = '';
  await expect
    .poll(
      () => {
        const got = receiver.at(HOOK).find((r) => r.verified && JSON.stringify(r.verified).includes(docno));
        eventId = got ? String((got.verified as { id: string }).id) : '';
        return eventId;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return eventId;
}

test.describe.serial('integrations screen', () => {
  let key = '';
  let rotatedKey = '';
  let subsidiary: { id: number; name: string };

  test.beforeAll(async () => {
    await receiver.start();
    [subsidiary] = await query<{ id: number; name: string }>(
      `select s.id, s.name from stores st join subsidiaries s on s.id = st.subsidiary_id where st.code = 'S001'`,
    );
  });
  test.afterAll(() => receiver.stop());

  test.describe('as the portal admin', () => {
    test.use(signedInAs(ADMIN));

    test('creates an integration and sees its key once, copies it, and the key works on /api/v1 only', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('/history');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Integrations' }).click();
      await expect(page).toHaveURL(/\/integrations$/);
      await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
      await expectAccessible(page);

      const open = page.getByRole('button', { name: 'New integration' });
      await open.click();
      const dialog = page.getByRole('dialog', { name: 'New integration' });
      await dialog.getByRole('button', { name: 'Create integration' }).click();
      await expect(dialog.getByText('At least one subsidiary has to be selected')).toBeVisible();
      await dialog.getByLabel('Name').fill(NAME);
      // The subsidiaries are a type-ahead look-up: typed, picked, shown as a chip.
      await dialog.getByRole('combobox', { name: 'Subsidiaries it acts for' }).fill(subsidiary.name);
      await dialog.getByRole('option', { name: new RegExp(`${subsidiary.name}$`) }).click();
      await expect(dialog.getByRole('list', { name: 'Chosen subsidiaries' })).toContainText(subsidiary.name);
      await expect(dialog.getByRole('checkbox', { name: /Send documents/ })).toBeChecked();
      await expect(dialog.getByRole('checkbox', { name: /Receive the suppliers’ answers/ })).toBeChecked();
      await dialog.getByLabel('Webhook URL (optional)').fill(receiver.endpoint(HOOK, failing()));
      await expectAccessible(page, '[role="dialog"]');
      await dialog.getByRole('button', { name: 'Create integration' }).click();

      const shown = page.getByRole('dialog', { name: `${NAME} created` });
      await expect(shown).toContainText('you will not see it again');
      key = await shown.getByLabel('API key', { exact: true }).inputValue();
      expect(key.length).toBeGreaterThan(20);
      await shown.getByRole('button', { name: 'Copy API key' }).click();
      await expect(shown.getByText('API key copied.')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      receiver.trust(HOOK, await shown.getByLabel('Webhook signing secret', { exact: true }).inputValue());
      await expectAccessible(page, '[role="dialog"]');
      await shoot(page, 'integrations-key-shown');
      await shown.getByRole('button', { name: 'Done, I have copied it' }).click();
      await expect(shown).toBeHidden();
      await expect(open).toBeFocused();

      const row = page.locator('tbody tr', { hasText: NAME });
      await expect(row).toContainText(subsidiary.name);
      await expect(row).toContainText('Send documents');
      await expect(row).toContainText(HOOK);
      await expect(row).toContainText('Active');
      await expect(row).toContainText('Never');

      expect((await page.request.get('/api/v1/me', bearer(key))).status()).toBe(200);
      // Never on the browser API: a key is not a session.
      const keyOnly = await request.newContext({ baseURL: page.url(), storageState: { cookies: [], origins: [] } });
      expect((await keyOnly.get('/api/integrations', bearer(key))).status()).toBe(401);
      await keyOnly.dispose();

      await page.reload();
      await expect(row).toContainText(NAME);
      await expect(row).not.toContainText('Never');
      expect(await page.content()).not.toContain(key);
      const listed = await (await apiAs(ADMIN, page.url())).get('/integrations');
      expect(await listed.text()).not.toContain(key);
      await shoot(page, 'integrations-list');
    });

    test('shows a failed webhook delivery and replays it once the receiver is back', async ({ page }) => {
      const eventId = await ingestAndAwaitWebhook(page, key, `E2E-INT-${RUN}-1`);
      await page.goto('/integrations');
      await page.getByRole('link', { name: `Deliveries of ${NAME}` }).click();
      await expect(page.getByRole('heading', { name: `Webhook deliveries of ${NAME}` })).toBeVisible();
      const row = deliveryRow(page, eventId);
      await expect(row).toContainText('document.ingested');
      await expect(row).toContainText('Failed, will retry');
      await expect(row).toContainText('500');
      await expectAccessible(page);
      await shoot(page, 'integrations-deliveries');

      const first = receiver.at(HOOK).find((r) => (r.verified as { id?: string } | null)?.id === eventId)!;
      receiver.behave(HOOK, {});
      await row.getByRole('button', { name: /^Replay/ }).click();
      await expect(snackbar(page)).toContainText('1 webhook delivery will be sent again');
      await expect(row).toContainText('Delivered', { timeout: 20_000 });
      await expect(row).toContainText('200');
      // The replay is the same message: the same webhook-id, signed afresh and verified by the receiver.
      const again = receiver.at(HOOK).filter((r) => r.verified && r.headers['webhook-id'] === first.headers['webhook-id']);
      expect(again.length).toBeGreaterThanOrEqual(2);
    });

    test('a webhook failing for its whole retry budget disables the endpoint; Replay all failed turns it back on', async ({ page }) => {
      receiver.behave(HOOK, failing());
      const eventId = await ingestAndAwaitWebhook(page, key, `E2E-INT-${RUN}-2`);
      // A day of retries is not waited for: the delivery is put at its last attempt, which the worker then makes.
      await query(
        `update webhook_deliveries d set attempts = 10, next_attempt_at = now()
         from events e where e.id = d.event_id and e.xid::text || '-' || e.id::text = $1 and d.status = 'pending'`,
        [eventId],
      );
      await page.goto('/integrations');
      await expect(async () => {
        await page.reload();
        await expect(page.locator('tbody tr', { hasText: NAME })).toContainText('webhook disabled after failures', { timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      await page.getByRole('link', { name: `Deliveries of ${NAME}` }).click();
      const row = deliveryRow(page, eventId);
      await expect(row).toContainText('Failed, endpoint disabled');

      receiver.behave(HOOK, {});
      await page.getByRole('button', { name: 'Replay all failed' }).click();
      await expect(snackbar(page)).toContainText('1 webhook delivery will be sent again');
      await expect(row).toContainText('Delivered', { timeout: 20_000 });
      await expect(page.getByRole('button', { name: 'Replay all failed' })).toBeDisabled();
      await page.getByRole('link', { name: 'Integrations' }).first().click();
      await expect(page.locator('tbody tr', { hasText: NAME }).getByText('Active', { exact: true })).toBeVisible();
    });

    test('rotates the key (asked first, the new key shown once) and revokes the integration (asked first)', async ({ page }) => {
      await page.goto('/integrations');
      const row = page.locator('tbody tr', { hasText: NAME });
      await row.getByRole('button', { name: `Rotate key of ${NAME}` }).click();
      const ask = page.getByRole('alertdialog', { name: `Rotate the key of ${NAME}?` });
      await expectAccessible(page, '[role="alertdialog"]');
      await ask.getByRole('button', { name: 'Rotate key' }).click();
      const shown = page.getByRole('dialog', { name: `New key of ${NAME}` });
      await expect(shown).toContainText('you will not see it again');
      rotatedKey = await shown.getByLabel('API key', { exact: true }).inputValue();
      expect(rotatedKey).not.toBe(key);
      await shown.getByRole('button', { name: 'Done, I have copied it' }).click();
      await expect(row.getByRole('button', { name: `Rotate key of ${NAME}` })).toBeFocused();
      expect((await page.request.get('/api/v1/me', bearer(key))).status()).toBe(401);
      expect((await page.request.get('/api/v1/me', bearer(rotatedKey))).status()).toBe(200);

      await row.getByRole('button', { name: `Revoke ${NAME}` }).click();
      const confirm = page.getByRole('alertdialog', { name: `Revoke ${NAME}?` });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      expect((await page.request.get('/api/v1/me', bearer(rotatedKey))).status()).toBe(200);
      await row.getByRole('button', { name: `Revoke ${NAME}` }).click();
      await confirm.getByRole('button', { name: 'Revoke' }).click();
      await expect(snackbar(page)).toContainText(`${NAME} has been revoked`);
      await expect(row).toContainText('Revoked');
      await expect(row.getByRole('button', { name: `Revoke ${NAME}` })).toHaveCount(0);
      await expect(row.getByRole('link', { name: `Deliveries of ${NAME}` })).toBeFocused();
      expect((await page.request.get('/api/v1/me', bearer(rotatedKey))).status()).toBe(401);
    });
  });

  for (const email of ['supplier@portal.test', 'retail.user@portal.test']) {
    test.describe(`as ${email}`, () => {
      test.use(signedInAs(email));

      test('sees no Integrations link and is refused the screens and their API', async ({ page, baseURL }) => {
        await page.goto('/');
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Integrations' })).toHaveCount(0);
        for (const address of ['/integrations', '/integrations/1/deliveries']) {
          await page.goto(address);
          await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
        }
        const api = await apiAs(email, baseURL!);
        expect((await api.get('/integrations')).status()).toBe(403);
        expect(
          (await api.post('/integrations', { data: { name: 'x', subsidiaries: [subsidiary.id], scopes: ['events:read'] } })).status(),
        ).toBe(403);
      });
    });
  }
});

import { test, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { env } from '../../lib/env';
import { signIn } from './helpers';
import { pickLookup } from './lookup-helpers';

/**
 * Look-ups that search (issue 27, docs/architecture.md look-ups): with more than 1,000 stores the store
 * filter still reaches any of them, since the box asks the server as the user types; the old dropdown
 * held the first 1,000 by name.
 */

const SUPPLIER = 'supplier@portal.test';
const EXTRA_STORES = 1060;

const rows = (page: Page) => page.getByRole('tabpanel').locator('tbody tr:not(.table__empty)');

/**
 * Adds 1,060 stores (once per database), then copies the supplier's open order `docno` to the 1,001st
 * store by name as a new order, so a list filtered by that store has a row. Returns the store.
 */
async function storeBeyondTheFirstThousand(docno: string): Promise<{ id: number; code: string; name: string; order: string }> {
  const db = new pg.Client({ connectionString: env.E2E_DATABASE_URL });
  await db.connect();
  try {
    await db.query(
      `insert into stores (code, name, subsidiary_id)
       select 'ST' || lpad(n::text, 4, '0'), 'Lookup Town ' || lpad(n::text, 4, '0'), (select min(id) from subsidiaries)
       from generate_series(1, $1::int) n
       where not exists (select 1 from stores where code = 'ST0001')`,
      [EXTRA_STORES],
    );
    const { rows: stores } = await db.query<{ id: number; code: string; name: string }>(
      'select id, code, name from stores order by name, id offset 1000 limit 1',
    );
    const store = stores[0]!;
    const order = `PO-LOOKUP-${store.code}`;
    await db.query(
      `insert into xdocs (tiny_mce, docno, orderno, xdoc_type_code, xdoc_sub_type_code, xdoc_type_descr, xdoc_descr, order_type,
         wf_status_code, subsidiary_id, vendor_id, store_id, region_id, division_id, doc_date, delivery_date, tot_value,
         xdoc_total_excl, xdoc_tax_amount, xdoc_total_incl)
       select 'lookup-' || $2, $2, $2, xdoc_type_code, xdoc_sub_type_code, xdoc_type_descr, xdoc_descr, order_type,
         wf_status_code, subsidiary_id, vendor_id, $3, region_id, division_id, doc_date, delivery_date, tot_value,
         xdoc_total_excl, xdoc_tax_amount, xdoc_total_incl
       from xdocs where docno = $1 and not exists (select 1 from xdocs where docno = $2) limit 1`,
      [docno, order, store.id],
    );
    return { ...store, order };
  } finally {
    await db.end();
  }
}

test('the 1,001st store found by typing: the store filter suggests it from the server and the list shows only its order', async ({
  page,
}) => {
  await signIn(page, SUPPLIER);
  await expect(rows(page).first()).toBeVisible();
  const docno = (await rows(page).first().getByRole('checkbox').getAttribute('aria-label'))!.replace(/^Select /, '');
  const store = await storeBeyondTheFirstThousand(docno);
  await page.reload();

  // Part of its code, typed: the box asks GET /stores?searchCode= and offers the store as code and name.
  const asked = page.waitForResponse((r) => /\/stores\?/.test(r.url()) && r.url().includes(`searchCode=${store.code.slice(0, 5)}`));
  await pickLookup(page, 'Store', store.code.slice(0, 5), `${store.code} ${store.name}`);
  expect((await asked).ok()).toBe(true);

  const loaded = page.waitForResponse((r) => /\/orders\?/.test(r.url()) && r.url().includes(`store=${store.id}`));
  await page.getByRole('button', { name: 'Search' }).click();
  expect((await loaded).ok()).toBe(true);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(store.order);
  await expect(rows(page).first().locator('[data-store-code]')).toHaveAttribute('data-store-code', store.code);

  // The address carries the filter: a reload shows the chosen store by code and name, read on the server.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Store', exact: true })).toHaveValue(`${store.code} ${store.name}`);
  await expect(rows(page)).toHaveCount(1);
});

test('the store box is a keyboard combobox: arrows move through the suggestions, Enter picks, Escape closes, × clears', async ({
  page,
}) => {
  await signIn(page, SUPPLIER);
  const box = page.getByRole('combobox', { name: 'Store', exact: true });
  // The open look-up's list (a closed one is hidden, so not found).
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  await box.fill('S00');
  await expect(suggestions.first()).toBeVisible();
  expect(await suggestions.count()).toBeGreaterThan(1);
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  const second = (await suggestions.nth(1).innerText()).trim();
  await box.press('Enter');
  await expect(box).toHaveValue(second);
  await expect(suggestions).toHaveCount(0);

  await box.fill('S01');
  await expect(suggestions.first()).toBeVisible();
  await box.press('Escape');
  await expect(suggestions).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear', exact: true }).first().click();
  await expect(box).toHaveValue('');
});

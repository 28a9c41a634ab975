import { expect, type Locator, type Page, type Request, type Route } from '@playwright/test';

/**
 * Checks every list screen owes (issue 26, docs/architecture.md "The client side"): its filters, sort,
 * page and page size live in the address, so a reload, back and forward show the same list; and a slow
 * earlier answer never replaces a later one. A spec describes its list once (ListUnderTest) and calls
 * the three checks; the list must hold more than one page of `pageSize` rows with `filter` applied.
 */

/** A filter field of the list's panel, found by its label, and the value it sends as `param`. */
export interface FilterUnderTest {
  label: string;
  /** The query parameter the field fills (the API's name, as the address shows it). */
  param: string;
  /** A text field's text, or a select option's value. */
  value: string;
  kind: 'text' | 'select';
}

export interface ListUnderTest {
  /** The screen's address, e.g. '/audit'. */
  path: string;
  /** Part of the URL of the list's API requests, e.g. '/audit/entries?'. */
  endpoint: string;
  /** The filter panel's accessible name, e.g. 'Audit filters'. */
  filtersLabel: string;
  /** A filter that leaves more than one page of rows. */
  filter: FilterUnderTest;
  /** Another value of a filter whose results differ from `filter`'s (the stale-answer check). */
  otherFilter: FilterUnderTest;
  /** A sortable column's header text and its `sort` key. */
  sort: { header: string; key: string };
  /** A page size from the selector and its name in the address (`pageLimit`, `results`). */
  /** Left out for a list too short for a second page at any size but its default (it then keeps the default). */
  pageSize?: { value: number; param: string };
}

export const listTable = (page: Page) => page.locator('.list-table table').first();
export const listRows = (page: Page) => listTable(page).locator('tbody tr:not(.table__empty)');
const summary = (page: Page) => page.locator('.pagination__summary').first();
const panel = (page: Page, list: ListUnderTest) => page.getByRole('form', { name: list.filtersLabel });
const isListRequest = (list: ListUnderTest) => (request: Request) => request.url().includes(list.endpoint);

/** The filter panel, opened if the screen hid it. */
async function openPanel(page: Page, list: ListUnderTest): Promise<Locator> {
  const form = panel(page, list);
  if (!(await form.isVisible())) await page.getByRole('button', { name: 'Show filters' }).click();
  await expect(form).toBeVisible();
  return form;
}

/** The field of a filter, in the panel. */
const field = (form: Locator, filter: FilterUnderTest) => form.getByLabel(filter.label, { exact: true });

async function setField(form: Locator, filter: FilterUnderTest, value: string): Promise<void> {
  if (filter.kind === 'select') await field(form, filter).selectOption(value);
  else await field(form, filter).fill(value);
}

/** An answer of the list to a request with `param` set to `value`. */
const answerWith = (page: Page, list: ListUnderTest, param: string, value: string) =>
  page.waitForResponse((r) => isListRequest(list)(r.request()) && new URL(r.url()).searchParams.get(param) === value);

/** Sets one of the list's two test filters (the other cleared), presses Search and waits for the list's answer. */
export async function applyFilter(page: Page, list: ListUnderTest, filter: FilterUnderTest, { wait = true } = {}): Promise<void> {
  const form = await openPanel(page, list);
  for (const other of [list.filter, list.otherFilter]) if (other.label !== filter.label) await setField(form, other, '');
  await setField(form, filter, filter.value);
  const answered = wait ? answerWith(page, list, filter.param, filter.value) : null;
  await form.getByRole('button', { name: 'Search' }).click();
  if (answered) expect((await answered).ok()).toBe(true);
}

/** What the screen shows of the list: the pager's summary and the first row. */
async function shown(page: Page): Promise<{ summary: string; firstRow: string }> {
  await expect(listRows(page).first()).toBeVisible();
  await expect(page.locator('.list-table').first()).not.toHaveAttribute('aria-busy', 'true');
  return { summary: await summary(page).innerText(), firstRow: await listRows(page).first().innerText() };
}

/** The address holds the filter, sort, page and page size; the screen shows all four. */
async function expectApplied(page: Page, list: ListUnderTest, pageNo: number): Promise<void> {
  const params = new URL(page.url()).searchParams;
  expect(params.get(list.filter.param)).toBe(list.filter.value);
  expect(params.get('sort')).toBe(list.sort.key);
  if (list.pageSize) expect(params.get(list.pageSize.param)).toBe(String(list.pageSize.value));
  expect(params.get('page')).toBe(pageNo > 1 ? String(pageNo) : null);
  const form = await openPanel(page, list);
  await expect(field(form, list.filter)).toHaveValue(list.filter.value);
  await expect(listTable(page).getByRole('columnheader', { name: list.sort.header })).toHaveAttribute('aria-sort', 'ascending');
  if (list.pageSize) await expect(page.getByLabel('Rows per page')).toHaveValue(String(list.pageSize.value));
  await expect(page.getByRole('link', { name: `Page ${pageNo}`, exact: true })).toHaveAttribute('aria-current', 'page');
}

/** Filter, sort, page size and page 2, each through the screen; waits for each answer. */
async function filterSortAndPage(page: Page, list: ListUnderTest): Promise<void> {
  await applyFilter(page, list, list.filter);
  let answered = answerWith(page, list, 'sort', list.sort.key);
  await listTable(page).getByRole('button', { name: list.sort.header, exact: true }).click();
  await answered;
  if (list.pageSize) {
    answered = answerWith(page, list, list.pageSize.param, String(list.pageSize.value));
    await page.getByLabel('Rows per page').selectOption(String(list.pageSize.value));
    await answered;
  }
  answered = answerWith(page, list, 'page', '2');
  await page.getByRole('link', { name: 'Page 2', exact: true }).click();
  await answered;
}

/** (a) Filter, sort, page size and page survive a reload: in the address and on screen, with the same rows. */
export async function expectListSurvivesReload(page: Page, list: ListUnderTest): Promise<void> {
  await page.goto(list.path);
  await filterSortAndPage(page, list);
  await expectApplied(page, list, 2);
  const before = await shown(page);
  await page.reload();
  await expectApplied(page, list, 2);
  expect(await shown(page)).toEqual(before);
}

/** (b) Back and forward step through the list's states, and the list follows each time. */
export async function expectListFollowsHistory(page: Page, list: ListUnderTest): Promise<void> {
  await page.goto(list.path);
  const unfiltered = await shown(page);
  await filterSortAndPage(page, list);
  const onPage2 = await shown(page);
  await expect(page).toHaveURL(/[?&]page=2/);

  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]page=2/);
  await expect(page.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(summary(page)).toContainText(/^showing 1 - /);
  const onPage1 = await shown(page);
  expect(onPage1.firstRow).not.toBe(onPage2.firstRow);

  // Back past page size and sort to the filter alone, then to the list as first shown.
  await stepUntil(page, 'back', (params) => !params.has('sort') && params.has(list.filter.param));
  await expect(listTable(page).getByRole('columnheader', { name: list.sort.header })).toHaveAttribute('aria-sort', 'none');
  await stepUntil(page, 'back', (params) => !params.has(list.filter.param));
  await expect(field(await openPanel(page, list), list.filter)).toHaveValue('');
  await expect(summary(page)).toHaveText(unfiltered.summary);
  expect(await shown(page)).toEqual(unfiltered);

  await stepUntil(page, 'forward', (params) => params.get('page') === '2');
  await expectApplied(page, list, 2);
  expect(await shown(page)).toEqual(onPage2);
}

/** Goes back (or forward) one entry at a time, at most 6, until the address satisfies `arrived`. */
async function stepUntil(page: Page, way: 'back' | 'forward', arrived: (params: URLSearchParams) => boolean): Promise<void> {
  for (let step = 0; step < 6 && !arrived(new URL(page.url()).searchParams); step++) {
    if (way === 'back') await page.goBack();
    else await page.goForward();
  }
  expect(arrived(new URL(page.url()).searchParams), `went ${way} to ${page.url()}`).toBe(true);
}

/**
 * (c) The list's first request is held back (2 s) while the next one, a second filter change, is
 * answered at once: the later answer is what stays on screen after the slow one is due. The test shows
 * it could fail: the two filters' lists differ.
 */
export async function expectSlowFirstAnswerDropped(page: Page, list: ListUnderTest, delayMs = 2000): Promise<void> {
  await page.goto(list.path);
  await shown(page);
  let held = 0;
  let slowDone: Promise<void> = Promise.resolve();
  await page.route(
    (url) => url.href.includes(list.endpoint),
    async (route: Route) => {
      if (held++ > 0) return route.continue();
      slowDone = new Promise((resolve) => setTimeout(resolve, delayMs)).then(() => route.continue().catch(() => undefined));
      await slowDone;
    },
  );
  await applyFilter(page, list, list.filter, { wait: false });
  // At least the first (held); a screen may ask more than once while a filter is typed, each later one answered at once.
  await expect.poll(() => held).toBeGreaterThanOrEqual(1);
  await applyFilter(page, list, list.otherFilter);
  const later = await shown(page);
  await slowDone;
  await page.waitForTimeout(500);
  expect(await shown(page)).toEqual(later);
  expect(new URL(page.url()).searchParams.get(list.otherFilter.param)).toBe(list.otherFilter.value);
  await expect(field(await openPanel(page, list), list.otherFilter)).toHaveValue(list.otherFilter.value);
  await page.unroute((url) => url.href.includes(list.endpoint));

  // What the slow answer would have shown is different, so a stale answer on screen would be seen.
  // The slow answer, arrived meanwhile, may be in the cache under its own question: no request need be made.
  await applyFilter(page, list, list.filter, { wait: false });
  await expect.poll(() => shown(page)).not.toEqual(later);
}

import type { Page } from '@playwright/test';

/**
 * What a reviewer looks for in a screenshot (issue 26 point 5), measured in the page so nothing is missed
 * among 80 images: a page or box whose content is cut off and scrolls sideways, controls outside the
 * window, controls left in the browser's own style, and internal values on screen. Each finding names its
 * element and text so a person can judge it against the picture. The screenshot script records them all;
 * tests/e2e/layout.spec.ts requires the first four to be none on every screen.
 */
export interface ScreenFindings {
  /** The page wider than the window, so the user scrolls it sideways: "408 px wide in 390 px". */
  sideways: string[];
  /** A scrolling box narrower than what it holds: "table-wrap 1397 px in 1282 px". */
  clippedBoxes: string[];
  /** Buttons, links and fields that are (partly) right or left of the window. */
  offScreenControls: string[];
  /** Buttons, fields and selects in the browser's default look (its 13.33 px control font). */
  unstyledControls: string[];
  /** Text that looks like a code, not a word: snake_case, camelCase, subsidiary codes, JSON, ISO dates. */
  rawValues: string[];
  /**
   * Native date inputs, which show the browser's locale format instead of the spec's (§9): the portal's
   * date picker shows mm/dd/yy, yy-mm-dd or yyyy-mm-dd on purpose, so only a native one is a finding.
   */
  nativeDateFields: string[];
}

const RAW_PATTERNS: readonly [string, RegExp][] = [
  ['snake_case', /\b[a-z]+_[a-z_]+\b/g],
  // Two lower-case letters first: South African place names (eMalahleni, eThekwini) are written so.
  ['camelCase', /\b[a-z]{2,}[A-Z][a-zA-Z]*\b/g],
  ['subsidiary code', /\bSUB\d+\b/g],
  ['JSON', /\{"[^}]{0,40}/g],
  ['ISO date', /\b\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?\b/g],
  ['upper-case status', /\b(PENDING|APPROVED|REJECTED|ACTIVE|PROCESSING|CONFIRMED)\b/g],
];

/** Everything the page shows, measured: a dialog if one is open (what a modal leaves visible), else the page. */
export async function checkScreen(page: Page): Promise<ScreenFindings> {
  // tsx compiles named inner functions with esbuild's __name helper, which the page does not have.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  return page.evaluate(
    (patterns) => {
      const viewport = document.documentElement.clientWidth;
      const pageWidth = document.documentElement.scrollWidth;
      const sideways = pageWidth > viewport + 1 ? [`${pageWidth} px wide in ${viewport} px`] : [];
      const visible = (el: Element) => {
        const rect = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
      };
      const describe = (el: Element) => {
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
        const text = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        return `${el.tagName.toLowerCase()}${cls}${text ? ` "${text}"` : ''}`;
      };
      // What a modal leaves visible: the dialog only, if one is open.
      const root = document.querySelector('[role="dialog"], [role="alertdialog"]') ?? document.body;
      const all = Array.from(root.querySelectorAll('*')).filter(visible);

      const clippedBoxes = all
        .filter((el) => ['auto', 'scroll', 'hidden'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
        .filter((el) => el.querySelector('table, [role="table"]') || el.tagName === 'TABLE' || el.clientWidth > 200)
        .map((el) => `${describe(el).split(' "')[0]} ${el.scrollWidth} px in ${el.clientWidth} px`);

      const controls = all.filter((el) => el.matches('a[href], button, input:not([type="hidden"]), select, textarea'));
      const offScreenControls = controls
        .filter((el) => {
          const rect = el.getBoundingClientRect();
          return rect.right > viewport + 1 || rect.left < -1;
        })
        .map(describe);

      const unstyledControls = controls
        .filter((el) => el.matches('button, input:not([type="checkbox"]):not([type="radio"]), select, textarea'))
        .filter((el) => getComputedStyle(el).fontSize === '13.3333px')
        .map(describe);

      const nativeDateFields = controls.filter((el) => el.matches('input[type="date"]')).map(describe);

      const text = (root as HTMLElement).innerText;
      const rawValues: string[] = [];
      for (const [name, source] of patterns) {
        const found = new Set(text.match(new RegExp(source, 'g')) ?? []);
        // Addresses and e-mail addresses are written as they are.
        const words = [...found].filter((w) => !/@|\.(test|com)\b|^https?:/.test(w)).slice(0, 8);
        if (words.length) rawValues.push(`${name}: ${words.join(', ')}`);
      }
      // A list repeats the same control on every row: the first few say enough.
      const firstFew = (list: string[]) => {
        const distinct = [...new Set(list)];
        return distinct.length > 6 ? [...distinct.slice(0, 6), `… ${distinct.length - 6} more`] : distinct;
      };
      return {
        sideways,
        clippedBoxes: firstFew(clippedBoxes),
        offScreenControls: firstFew(offScreenControls),
        unstyledControls: firstFew(unstyledControls),
        rawValues,
        nativeDateFields: firstFew(nativeDateFields),
      };
    },
    RAW_PATTERNS.map(([name, pattern]) => [name, pattern.source] as [string, string]),
  );
}

/** A list's first real row (not its "Loading…"/empty row), in a table or, on a phone, a card. */
const firstRow = (page: Page) => page.locator('main tbody tr:not(.table__empty), main [role="row"]:has(button)').first();

/** Opens the first document of a list, to check its window: the button in its row (the number), or the row. */
export async function openFirstDocument(page: Page): Promise<void> {
  const row = firstRow(page);
  await row.waitFor({ timeout: 15_000 });
  const button = row.getByRole('button').first();
  await ((await button.isVisible()) ? button : row.locator('td:not(.table__select)').first()).click();
  await page.getByRole('dialog').first().waitFor({ timeout: 15_000 });
}

/** The findings that say something, for the report: empty lists left out. */
export function nonEmpty(findings: ScreenFindings): Partial<ScreenFindings> {
  return Object.fromEntries(Object.entries(findings).filter(([, list]) => (list as string[]).length)) as Partial<ScreenFindings>;
}

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA, the level retailers' procurement teams ask for (docs/architecture.md "Accessibility"). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * No serious or critical axe finding in what is on screen (or in `include`, e.g. an open dialog), each finding
 * listed with the elements it names, so a failure says what to fix.
 */
export async function expectAccessible(page: Page, include?: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`)).toEqual([]);
}

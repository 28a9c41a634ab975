import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks from a type-ahead look-up box (components/lookups) as a person does: types into the box, waits for
 * the server's suggestions and clicks the one that reads `pick` (a code and name, or its start).
 */
export async function pickLookup(scope: Page | Locator, label: string, typed: string, pick: string | RegExp): Promise<void> {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.fill(typed);
  const option = scope.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: pick });
  await expect(option).toBeVisible();
  await option.click();
  await expect(box).toHaveValue(typeof pick === 'string' ? new RegExp(`^${escape(pick)}`) : pick);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

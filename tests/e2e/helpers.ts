import { expect, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import pg from 'pg';
import { env } from '../../lib/env';
import { DEMO_PASSWORD } from '../../db/seed/demo-accounts';
import { DECLARATION_VERSION } from '../../lib/domain/users/declaration-text';

export { DEMO_PASSWORD };

/** Signs in through the real form, as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').first().fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * A user of a test's own with the demo password (active again if it exists): tests that sign out, or
 * otherwise end sessions, use one, since that ends every session of the user, stored states included.
 */
export async function temporaryUser(email: string, roleId: number): Promise<void> {
  const db = new pg.Client({ connectionString: env.E2E_DATABASE_URL });
  await db.connect();
  try {
    await db.query(
      `insert into users (name, email, password_hash, role_id)
       select 'Temporary User', $1, password_hash, $2 from users where email = 'supplier@portal.test'
       on conflict (email) do update set deleted_at = null, role_id = excluded.role_id`,
      [email, roleId],
    );
    // Accepted the declaration already, so its modal does not stand in front of the screen under test.
    await db.query(
      `insert into declarations (user_id, version) select id, $2 from users u where email = $1
       and not exists (select 1 from declarations d where d.user_id = u.id and d.version = $2)`,
      [email, DECLARATION_VERSION],
    );
  } finally {
    await db.end();
  }
}

/**
 * Screenshots of what the page shows at a desktop and a phone width, when E2E_SHOTS_DIR names a folder
 * for them; `focus` is scrolled into view at each width (a window's part below the fold on a phone).
 */
export async function shoot(page: Page, name: string, focus?: Locator): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  const before = page.viewportSize();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await focus?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  if (before) await page.setViewportSize(before);
}

/**
 * Screenshots of every screen and main dialog for the docs (docs/screenshots/issue-26/), each as the kind
 * of user that works there: the supplier for the inbox, invoices, catalogue and e-mail preferences; portal
 * staff for history, changes, master data, vendors and audit; the portal admin for users, activity and
 * integrations; nobody for the sign-in pages. Saves `<screen>-<width>.png` at 1366×900 and 390×844 and
 * `findings.json`: per shot, what scripts/screen-checks.ts measured (a page wider than the window, cut-off
 * boxes, controls out of the window or unstyled, internal values on screen, native date fields).
 *
 * Run against a running portal seeded with the demo accounts (scripts/e2e-server.ts serves one), e.g.
 *   npx tsx scripts/screenshots.ts --base http://127.0.0.1:3197 --out docs/screenshots/issue-26/after \
 *     --database postgresql://postgres@127.0.0.1:5432/portal_e2e_h7
 * `--database` (the portal's own) lets it show the declaration (it withdraws one demo user's acceptance),
 * the linked vendors of a user and an integration's deliveries (it looks their ids up), and with the
 * server's NEXTAUTH_SECRET in the environment the download pages; without them those are skipped.
 * `--only inbox,history` takes only those screens. A screen that fails is reported and skipped.
 * It uses the system Chromium (scripts/chromium.ts) and never downloads a browser.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { chromium, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../db/seed/demo-accounts';
import { CHROMIUM_LAUNCH } from './chromium';
import { checkScreen, nonEmpty, openFirstDocument, type ScreenFindings } from './screen-checks';

const { values } = parseArgs({
  options: { base: { type: 'string' }, out: { type: 'string' }, database: { type: 'string' }, only: { type: 'string' } },
});
if (!values.base || !values.out) {
  console.error('usage: npx tsx scripts/screenshots.ts --base http://127.0.0.1:PORT --out DIR [--database URL] [--only a,b]');
  process.exit(2);
}
const base = values.base.replace(/\/$/, '');
const out = path.resolve(values.out);
const only = values.only ? new Set(values.only.split(',')) : null;
const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];
/** A full-page shot stops here: enough to show a list's density without a 15,000 px image. */
const MAX_HEIGHT = 3000;

const SUPPLIER = 'supplier@portal.test';
const STAFF = 'staff@portal.test';
const ADMIN = 'admin@portal.test';
/** Its declaration is withdrawn (with --database) so the declaration window shows at its next page. */
const UNDECLARED = 'supplier.user@portal.test';

type Account = typeof SUPPLIER | typeof STAFF | typeof ADMIN | typeof UNDECLARED | null;

interface Screen {
  name: string;
  as: Account;
  path: string | (() => Promise<string | null>);
  /** What to do once the page has loaded (open a dialog); the shot is then of the window, not the page. */
  then?: (page: Page) => Promise<void>;
  /** Only at this width (the phone's navbar menu, a window's part below its fold). */
  width?: number;
}

const db = values.database ? new pg.Pool({ connectionString: values.database, max: 1 }) : null;

async function userId(email: string): Promise<number | null> {
  if (!db) return null;
  const { rows } = await db.query<{ id: number }>('select id from users where email = $1', [email]);
  return rows[0]?.id ?? null;
}

/** Lets late requests (counters, a document's details) settle; best effort, so a page that polls does not hang it. */
const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  await page.waitForTimeout(300);
};

/** A window's part below its fold scrolled into view: a document's lines, which are cards on a phone. */
const scrolledTo =
  (selector: string, open: (page: Page) => Promise<void> = openFirstDocument) =>
  async (page: Page) => {
    await open(page);
    await page.locator(`[role="dialog"] ${selector}`).first().scrollIntoViewIfNeeded();
  };

/** The invoice window of the seeded order PO-INV-0001 (its row's number or one of its acts). */
const invoiceWindow =
  (button = 'PO-INV-0001') =>
  async (page: Page) => {
    await page.getByRole('button', { name: button, exact: true }).first().click();
    await page.getByRole('dialog').first().waitFor({ timeout: 15_000 });
  };

/** The first order's window answered per line, line 1 rejected, so its reason and reference show. */
async function answerPerLine(page: Page): Promise<void> {
  await openFirstDocument(page);
  await page.getByLabel('Respond per line').check();
  await page.getByLabel('Response for line 1').selectOption('rejected');
  await page.locator('[role="dialog"] .order-response__lines').scrollIntoViewIfNeeded();
}

const clickButton = (name: RegExp) => async (page: Page) => {
  await page.getByRole('button', { name }).first().click();
  await page.getByRole('dialog').first().waitFor({ timeout: 15_000 });
};

/** The new-integration dialog sent empty (its messages), or filled in and sent (the key shown once). */
const createIntegration = (filled: boolean) => async (page: Page) => {
  await clickButton(/^New integration/)(page);
  const dialog = page.getByRole('dialog').first();
  if (filled) {
    await dialog.getByLabel('Name').fill(`Head-office ERP ${page.viewportSize()?.width}`);
    await dialog.getByRole('combobox', { name: 'Subsidiaries it acts for' }).fill('Protea');
    await dialog.getByRole('option').first().click();
    await dialog.getByLabel('Webhook URL (optional)').fill('https://erp.example.com/portal-webhooks');
  }
  await dialog.getByRole('button', { name: 'Create integration' }).click();
  if (filled) await page.getByRole('dialog', { name: / created$/ }).waitFor({ timeout: 15_000 });
  else await page.waitForTimeout(500);
};

/**
 * Download links (app/(portal)/downloads) are signed with the server's NEXTAUTH_SECRET: given the same one
 * (and --database, to put a workbook there), one link still valid and one an hour old.
 */
async function downloadPath(expired: boolean): Promise<string | null> {
  const id = await userId(SUPPLIER);
  if (!db || id === null || !process.env.NEXTAUTH_SECRET) return null;
  const { rows } = await db.query<{ id: number }>(
    `insert into uploaded_files (file_name, content_type, byte_size, content, purpose, uploaded_by)
     values ('items-V0001.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 1, '\\x00', 'items-download', $1)
     returning id`,
    [id],
  );
  const { downloadToken } = await import('../lib/domain/catalogue/download-link');
  return `/downloads/${downloadToken(rows[0].id, id, new Date(Date.now() + (expired ? -1 : 1) * 3_600_000))}`;
}

const SCREENS: Screen[] = [
  { name: 'login', as: null, path: '/login' },
  { name: 'login-forgot-password', as: null, path: '/login?forgot=1' },
  { name: 'login-error', as: null, path: '/login?error=credentials' },
  { name: 'password-reset', as: null, path: '/password/reset/sample-token' },
  { name: 'inbox', as: SUPPLIER, path: '/?tab=orders' },
  { name: 'inbox-document', as: SUPPLIER, path: '/?tab=orders', then: openFirstDocument },
  { name: 'inbox-document-lines', as: SUPPLIER, path: '/?tab=orders', width: 390, then: scrolledTo('.doc-lines') },
  { name: 'inbox-answer-per-line', as: SUPPLIER, path: '/?tab=orders', width: 390, then: answerPerLine },
  { name: 'inbox-return-orders', as: SUPPLIER, path: '/?tab=return-orders' },
  { name: 'invoices', as: SUPPLIER, path: '/?tab=invoices' },
  { name: 'invoice-window', as: SUPPLIER, path: '/?tab=invoices&docno=PO-INV-0001', then: invoiceWindow() },
  {
    name: 'invoice-window-file',
    as: SUPPLIER,
    path: '/?tab=invoices&docno=PO-INV-0001',
    width: 390,
    then: scrolledTo('#invoice-file', invoiceWindow()),
  },
  {
    name: 'delivery-note-window',
    as: SUPPLIER,
    path: '/?tab=invoices&docno=PO-INV-0001',
    then: invoiceWindow('Delivery note for PO-INV-0001'),
  },
  { name: 'inbox-delivery-notes', as: SUPPLIER, path: '/?tab=delivery-notes' },
  { name: 'inbox-disputes', as: SUPPLIER, path: '/?tab=disputes' },
  { name: 'inbox-remittances', as: SUPPLIER, path: '/?tab=remittances' },
  { name: 'items', as: SUPPLIER, path: '/items' },
  { name: 'pricing', as: SUPPLIER, path: '/pricing' },
  { name: 'email-preferences', as: SUPPLIER, path: '/preferences/email' },
  { name: 'downloads-ready', as: SUPPLIER, path: () => downloadPath(false) },
  { name: 'downloads-expired', as: SUPPLIER, path: () => downloadPath(true) },
  { name: 'not-found', as: SUPPLIER, path: '/no-such-screen' },
  {
    name: 'declaration',
    as: UNDECLARED,
    path: '/',
    then: (page) => page.getByRole('dialog', { name: 'Declaration' }).waitFor({ timeout: 15_000 }),
  },
  { name: 'history', as: STAFF, path: '/history' },
  { name: 'history-document', as: STAFF, path: '/history', then: openFirstDocument },
  { name: 'history-document-lines', as: STAFF, path: '/history', width: 390, then: scrolledTo('.doc-lines') },
  { name: 'changes', as: STAFF, path: '/changes' },
  { name: 'masterdata', as: STAFF, path: '/masterdata' },
  { name: 'vendors', as: STAFF, path: '/vendors' },
  { name: 'audit', as: STAFF, path: '/audit' },
  { name: 'users', as: ADMIN, path: '/users' },
  { name: 'users-invite', as: ADMIN, path: '/users', then: clickButton(/^Invite user/) },
  { name: 'users-linking', as: ADMIN, path: '/users?view=linking' },
  {
    name: 'user-vendors',
    as: ADMIN,
    path: async () => {
      const id = await userId(SUPPLIER);
      return id === null ? null : `/users/${id}/vendors`;
    },
  },
  { name: 'activity', as: ADMIN, path: '/users/activity' },
  { name: 'integrations-new', as: ADMIN, path: '/integrations', then: clickButton(/^New integration/) },
  { name: 'integrations-new-errors', as: ADMIN, path: '/integrations', then: createIntegration(false) },
  // Creates an integration (one per width) so the list below has rows and its deliveries a page.
  { name: 'integrations-key', as: ADMIN, path: '/integrations', then: createIntegration(true) },
  { name: 'integrations', as: ADMIN, path: '/integrations' },
  {
    name: 'integrations-deliveries',
    as: ADMIN,
    path: async () => {
      const rows = db ? (await db.query<{ id: number }>('select id from integrations order by id limit 1')).rows : [];
      return rows[0] ? `/integrations/${rows[0].id}/deliveries` : null;
    },
  },
  {
    name: 'navbar-username',
    as: ADMIN,
    path: '/history',
    then: async (page) => {
      const menu = page.getByRole('button', { name: 'Menu' });
      if (await menu.isVisible()) await menu.click();
      await page.getByRole('button', { name: 'Portal Admin' }).click();
      await page.getByRole('dialog').first().waitFor({ timeout: 15_000 });
    },
  },
  {
    name: 'navbar-menu',
    as: ADMIN,
    path: '/history',
    width: 390,
    then: async (page) => {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.waitForTimeout(300);
    },
  },
];

/** Signs in through the real form (as tests/e2e/helpers.ts does) and keeps the cookies for every width. */
async function signIn(browser: Browser, email: string) {
  const page = await browser.newPage({ baseURL: base });
  await page.goto('/login');
  await page.getByLabel('E-mail').first().fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const state = await page.context().storageState();
  await page.close();
  return state;
}

/** The page's width against the window's, for the clip of a full-page shot. */
const widths = (page: Page) =>
  page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));

await mkdir(out, { recursive: true });
if (db) {
  // The declaration shows until its current version is accepted (app/(portal)/layout.tsx).
  await db.query('delete from declarations where user_id = (select id from users where email = $1)', [UNDECLARED]);
}
const browser = await chromium.launch(CHROMIUM_LAUNCH);
const findings: Record<string, Partial<ScreenFindings>> = {};
const failed: string[] = [];
try {
  const states = new Map<string, Awaited<ReturnType<typeof signIn>>>();
  for (const screen of SCREENS) {
    if (only && !only.has(screen.name)) continue;
    if (screen.as === UNDECLARED && !db) continue;
    const target = typeof screen.path === 'string' ? screen.path : await screen.path();
    if (target === null) continue;
    if (screen.as && !states.has(screen.as)) states.set(screen.as, await signIn(browser, screen.as));
    const storageState = screen.as ? states.get(screen.as) : undefined;
    for (const viewport of WIDTHS) {
      if (screen.width && screen.width !== viewport.width) continue;
      const name = `${screen.name}-${viewport.width}.png`;
      const context = await browser.newContext({ baseURL: base, viewport, storageState });
      try {
        const page = await context.newPage();
        await page.goto(target);
        await settle(page);
        if (screen.then) {
          await screen.then(page);
          await settle(page);
        }
        const { scroll, client } = await widths(page);
        const found = nonEmpty(await checkScreen(page));
        if (Object.keys(found).length) findings[name] = found;
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        // A dialog is shot as the window shows it; a page in full, up to MAX_HEIGHT.
        const fullPage = !screen.then;
        const clip = fullPage ? { x: 0, y: 0, width: Math.max(scroll, client), height: Math.min(height, MAX_HEIGHT) } : undefined;
        await page.screenshot({ path: path.join(out, name), fullPage, clip, animations: 'disabled' });
        console.log(`${name}${fullPage && height > MAX_HEIGHT ? ` (${height} px tall, cut at ${MAX_HEIGHT})` : ''}`);
        if (findings[name]) console.log(`  ${JSON.stringify(findings[name])}`);
      } catch (error) {
        failed.push(name);
        console.error(`${name} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      } finally {
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await db?.end();
}
// With --only, the other shots' findings already there are kept.
const findingsFile = path.join(out, 'findings.json');
const kept = only ? await readFile(findingsFile, 'utf8').then(JSON.parse, () => ({})) : {};
if (only) for (const name of Object.keys(kept)) if (only.has(name.replace(/-\d+\.png$/, ''))) delete kept[name];
await writeFile(findingsFile, `${JSON.stringify({ ...kept, ...findings }, null, 2)}\n`);
if (failed.length) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}

import { defineConfig } from '@playwright/test';
import { env } from './lib/env';
import { CHROMIUM_LAUNCH } from './scripts/chromium';

const port = env.E2E_PORT;

/** End-to-end tests drive Debian's Chromium against a production build served on a fresh, seeded database. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: CHROMIUM_LAUNCH,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'setup', testMatch: /fixtures\/auth\.setup\.ts/ },
    { name: 'chromium', dependencies: ['setup'], testIgnore: /fixtures\// },
  ],
  webServer: {
    command: 'npx tsx scripts/e2e-server.ts',
    url: `http://127.0.0.1:${port}/login`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});

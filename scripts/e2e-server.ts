import { spawn } from 'node:child_process';
import { recreateDatabase } from '../db/migrate';
import { seedDatabase } from '../db/seed/seed';

/**
 * Serves the production build for Playwright on a database of its own, recreated on every run so
 * tests start from the same seeded state. The worker runs beside it so e-mails are delivered.
 */
const url = process.env.E2E_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/portal_e2e';
const port = process.env.E2E_PORT ?? '3100';

await recreateDatabase(url);
await seedDatabase({ databaseUrl: url, documents: 2000 });
const env = {
  ...process.env,
  DATABASE_URL: url,
  APP_URL: `http://127.0.0.1:${port}`,
  QUEUE_PREFIX: 'portal-e2e',
  MAIL_DIR: '.data/e2e-mail',
  PORT: port,
};
const children = [
  spawn('npm', ['start'], { env: { ...env, HOST: '127.0.0.1' }, stdio: 'inherit' }),
  spawn('npx', ['tsx', 'jobs/worker.ts'], { env, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

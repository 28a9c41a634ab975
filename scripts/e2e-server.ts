import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { recreateDatabase } from '../db/migrate';
import { seedDatabase } from '../db/seed/seed';
import { Queue } from 'bullmq';
import { env } from '../lib/env';
import { closeQueue, getRedis, QUEUE_NAME } from '../jobs/queue';

/**
 * Serves the production build for Playwright on a database of its own, recreated on every run so
 * tests start from the same seeded state. The worker runs beside it so e-mails are delivered.
 */
const { E2E_DATABASE_URL: url, E2E_PORT: port } = env;

await recreateDatabase(url);
await seedDatabase({ databaseUrl: url, documents: 2000 });
const childEnv = {
  ...process.env,
  DATABASE_URL: url,
  APP_URL: `http://127.0.0.1:${port}`,
  QUEUE_PREFIX: `portal-e2e-${port}`,
  MAIL_DIR: '.data/e2e-mail',
  PORT: String(port),
  // A production server refuses the public default secret (lib/env.ts); the tests sign in over HTTP.
  NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? randomBytes(32).toString('base64url'),
};
// Start from an empty queue: jobs an earlier, interrupted run left waiting name rows of the database this run
// recreates. (They could not block a new row: job ids carry the row's creation time, jobs/outbox-job.ts.)
const staleJobs = new Queue(QUEUE_NAME, { connection: getRedis(), prefix: childEnv.QUEUE_PREFIX });
await staleJobs.obliterate({ force: true });
await staleJobs.close();
await closeQueue();
const children = [
  spawn('npm', ['start'], { env: { ...childEnv, HOST: '127.0.0.1' }, stdio: 'inherit' }),
  spawn('npx', ['tsx', 'jobs/worker.ts'], { env: childEnv, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

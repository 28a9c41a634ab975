import { spawn } from 'node:child_process';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE_NAME } from '../jobs/queue';
import { recreateDatabase } from '../db/migrate';
import { seedDatabase } from '../db/seed/seed';
import { env } from '../lib/env';

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
};
// The database starts again at outbox id 1, and job ids are 'outbox-<id>': the last run's completed jobs,
// kept an hour for deduplication, would swallow this run's first jobs. The run's queue starts empty too.
const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
const staleQueue = new Queue(QUEUE_NAME, { connection: redis, prefix: childEnv.QUEUE_PREFIX });
await staleQueue.obliterate({ force: true });
await staleQueue.close();
await redis.quit();
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

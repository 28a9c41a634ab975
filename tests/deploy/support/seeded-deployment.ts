import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { recreateDatabase } from '@/db/migrate';
import { seedDatabase } from '@/db/seed/seed';
import type { Started } from './processes';

/** A deployment test's own seeded database, a folder for its mails, and the processes it started (stopped after all). */
export type SeededDeployment = {
  databaseUrl: string;
  /** Set before the first test runs. */
  db: pg.Pool;
  /** Set before the first test runs. */
  dir: string;
  processes: Started[];
};

/**
 * Registers the test file's beforeAll and afterAll: database `<TEST_DATABASE_URL>_<name>` recreated and seeded with
 * `documents` documents, a pool of two on it and a temporary folder; afterwards every started process stopped,
 * the pool closed and the folder removed.
 */
export function seededDeployment(name: string, documents = 20): SeededDeployment {
  const deployment = {
    databaseUrl: `${process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/portal_test'}_${name}`,
    processes: [],
  } as unknown as SeededDeployment;

  beforeAll(async () => {
    await recreateDatabase(deployment.databaseUrl);
    await seedDatabase({ databaseUrl: deployment.databaseUrl, documents });
    deployment.db = new pg.Pool({ connectionString: deployment.databaseUrl, max: 2 });
    deployment.dir = await mkdtemp(path.join(os.tmpdir(), `portal-${name}-`));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(deployment.processes.map((p) => p.stop()));
    await deployment.db?.end();
    if (deployment.dir) await rm(deployment.dir, { recursive: true, force: true });
  });

  return deployment;
}

import { recreateDatabase } from '../../db/migrate';
import { seedDatabase } from '../../db/seed/seed';

/** Recreates portal_test from scratch once per run: migrations, then the deterministic base seed. */
export default async function globalSetup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/portal_test';
  await recreateDatabase(url);
  await seedDatabase({ databaseUrl: url, documents: 600 });
}

import pg from 'pg';
import { migrateDatabase } from '../../db/migrate';
import { seedDatabase } from '../../db/seed/seed';

/** Recreates portal_test from scratch once per run: migrations, then the deterministic base seed. */
export default async function globalSetup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/portal_test';
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.end();
  await migrateDatabase(url);
  await seedDatabase({ databaseUrl: url, documents: 600 });
}

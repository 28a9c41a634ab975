import { env } from '../lib/env';
import { migrateDatabase } from './migrate';

/**
 * `npm run db:migrate`: creates DATABASE_URL's database if needed and applies db/migrations. An entry of its
 * own (not a main check inside migrate.ts) so bundling migrate.ts into another entry never runs it twice.
 */
const url = env.DATABASE_URL;
try {
  await migrateDatabase(url);
  console.log(`migrated ${new URL(url).pathname.slice(1)}`);
} catch (error) {
  console.error(error);
  process.exit(1);
}

import { parseArgs } from 'node:util';
import { env } from '../../lib/env';
import { migrateDatabase } from '../migrate';
import { DEFAULT_DOCUMENTS, seedDatabase } from './seed';

/** `npm run db:seed [-- --documents N]`: migrates, then seeds DATABASE_URL (or the local default). */
const { values } = parseArgs({ options: { documents: { type: 'string' } } });
const documents = values.documents === undefined ? DEFAULT_DOCUMENTS : Number(values.documents);
if (!Number.isInteger(documents) || documents < 0) {
  console.error(`--documents must be a whole number, got ${values.documents}`);
  process.exit(1);
}

const url = env.DATABASE_URL;
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
try {
  await migrateDatabase(url);
  console.log(`migrated ${new URL(url).pathname.slice(1)} (${elapsed()})`);
  await seedDatabase({ databaseUrl: url, documents, log: (msg) => console.log(`${msg} (${elapsed()})`) });
  console.log(`seeded ${documents} documents target in ${elapsed()}`);
} catch (error) {
  console.error(error);
  process.exit(1);
}

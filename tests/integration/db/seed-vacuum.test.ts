import pg from 'pg';
import { dropDatabase, recreateDatabase } from '../../../db/migrate';
import { seedDatabase } from '../../../db/seed/seed';

// A database of its own: the seed's bulk path commits documents asynchronously, which the shared test
// database's other suites should not meet.
const url = new URL(process.env.DATABASE_URL!);
url.pathname = `${url.pathname}_seed_vacuum`;
const databaseUrl = url.toString();

beforeAll(() => recreateDatabase(databaseUrl), 60_000);
afterAll(() => dropDatabase(databaseUrl));

describe('the seed after a bulk load', () => {
  it('leaves every page of the documents and their lines all-visible, so index-only scans skip the table', async () => {
    // vacuumAfter: 1 takes the VACUUM path of a big seed with a small one.
    await seedDatabase({ databaseUrl, documents: 3000, vacuumAfter: 1 });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ relname: string; relpages: number; relallvisible: number }>(
        `select relname, relpages, relallvisible from pg_class where relname in ('xdocs', 'xdoc_lines') order by relname`,
      );
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.relpages).toBeGreaterThan(10);
        expect(row).toEqual({ ...row, relallvisible: row.relpages });
      }
    } finally {
      await client.end();
    }
  }, 120_000);
});

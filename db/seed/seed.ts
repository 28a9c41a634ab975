import pg from 'pg';
import { seedChanges } from './changes';
import { seedItemsAndPricings } from './catalogue';
import { seedDocuments } from './documents';
import { seedInvoicingDemo } from './invoicing';
import { seedReferenceData } from './reference-data';
import { seedUsers } from './users';
import { seedUserSettings } from './user-settings';
import { seedVendors } from './vendors';

export type SeedOptions = {
  databaseUrl: string;
  documents?: number;
  log?: (msg: string) => void;
  /** From this many new documents on, the seed ends with a VACUUM (see VACUUM_AFTER). */
  vacuumAfter?: number;
};

export const DEFAULT_DOCUMENTS = 6000;
/** From this many new documents on, a VACUUM sets the visibility map so index-only scans work from the start. */
const VACUUM_AFTER = 100_000;

/**
 * Seeds an already-migrated database with deterministic demo data. Safe to run again: reference
 * data and users are keyed by natural keys, and documents are only added up to `documents` in total.
 */
export async function seedDatabase({
  databaseUrl,
  documents = DEFAULT_DOCUMENTS,
  log = () => {},
  vacuumAfter = VACUUM_AFTER,
}: SeedOptions): Promise<void> {
  // Two connections: a big document seed runs one stream per core.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const client = await pool.connect();
  const second = await pool.connect();
  try {
    // Reference data, users and catalogue in one transaction: a failed run leaves nothing half-made.
    await client.query('begin');
    await seedReferenceData(client);
    await seedVendors(client);
    await seedUsers(client);
    await seedUserSettings(client);
    await seedItemsAndPricings(client);
    await seedChanges(client);
    await client.query('commit');
    log('reference data, users and catalogue seeded');

    const { before, added } = await seedDocuments([client, second], documents, log);
    log(`documents: ${before} before, ${added} added`);
    // After the generated documents, so they do not count towards the requested number.
    await seedInvoicingDemo(client);
    if (added > 0) {
      // The documents were committed with synchronous_commit off (seedDocuments), and VACUUM marks a page
      // all-visible only once the commits of its rows are flushed to the WAL. A synchronous commit flushes
      // every commit before it, so the recounts below commit synchronously: without that the VACUUM marked
      // almost no page, and index-only scans read the table until autovacuum came by (a history count 5×).
      await client.query('set synchronous_commit = on');
      // Bulk batches may run with triggers off (see skipForeignKeyChecks), so the inbox and history counters are recounted.
      // (Each document's line_count is written with it.)
      await client.query('select inbox_counts_rebuild()');
      await client.query('select history_counts_rebuild()');
      await client.query('select history_day_counts_rebuild()');
      await client.query('select history_filter_counts_rebuild()');
      const tables = 'xdocs, xdoc_lines, audit_entries, invoiced_lines, delivered_lines';
      await client.query(added >= vacuumAfter ? `vacuum (analyze) ${tables}` : `analyze ${tables}`);
    }
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
    second.release();
    await pool.end();
  }
}

import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Runs `work` on the server's maintenance database (`postgres`), given the name of the database `url` names. */
async function onMaintenanceDatabase(url: string, work: (client: pg.Client, quotedName: string) => Promise<void>): Promise<void> {
  const admin = new URL(url);
  const name = decodeURIComponent(admin.pathname.slice(1));
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await work(client, `"${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/** Creates the database named in `url` if it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  await onMaintenanceDatabase(url, async (client, quotedName) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    try {
      if (found.rowCount === 0) await client.query(`create database ${quotedName}`);
    } catch (error) {
      // Two processes may race to create it; losing that race is fine.
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
  });
}

/** Drops the database named in `url`, closing its connections. Tests only. */
export async function dropDatabase(url: string): Promise<void> {
  await onMaintenanceDatabase(url, async (client, quotedName) => {
    await client.query(`drop database if exists ${quotedName} with (force)`);
  });
}

/** Drops the database named in `url` (closing its connections) and builds it again from the migrations. Tests only. */
export async function recreateDatabase(url: string): Promise<void> {
  await dropDatabase(url);
  await migrateDatabase(url);
}

export async function migrateDatabase(url: string): Promise<void> {
  await ensureDatabase(url);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migrate(drizzle(pool), { migrationsFolder: path.join(here, 'migrations') });
  } finally {
    await pool.end();
  }
}

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { env } from '../lib/env';
import { answersAt } from '../lib/net/ports';
// Only the type: the server runs in a helper process, out of reach of the terminal's Ctrl+C (see there).
import type { EmbeddedDatabase } from './embedded-postgres';

export type DemoDatabase = { url: string; description: string; stop: () => Promise<void> };

/** Runs startEmbeddedPostgres in db/embedded-postgres-process.ts, detached (see there why). */
async function spawnEmbeddedPostgres(dir: string): Promise<EmbeddedDatabase> {
  const script = fileURLToPath(new URL('./embedded-postgres-process.ts', import.meta.url));
  // process.execArgv carries tsx's loader, so the child runs TypeScript as this process does.
  const child = spawn(process.execPath, [...process.execArgv, script, dir], { detached: true, stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<string | undefined>((resolve) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    void exited.then(() => resolve(undefined));
  });
  if (!ready) throw new Error('The embedded PostgreSQL did not start (its error is above).');
  const { url, port, dir: dataDir } = JSON.parse(ready) as Omit<EmbeddedDatabase, 'stop'>;
  const stop = async () => {
    child.stdin.end();
    await exited;
  };
  return { url, port, dir: dataDir, stop };
}

/**
 * The demo's database: DATABASE_URL if set; otherwise the server at DEFAULT_DATABASE_URL if one answers
 * there; otherwise an embedded PostgreSQL with its data in EMBEDDED_POSTGRES_DIR.
 */
export async function chooseDemoDatabase(): Promise<DemoDatabase> {
  const url = env.DATABASE_URL;
  const where = new URL(url).host;
  const none = async () => {};
  if (env.databaseUrlGiven) return { url, description: `PostgreSQL at ${where} (DATABASE_URL)`, stop: none };
  if (await answersAt(url, 5432))
    return { url, description: `PostgreSQL at ${where} (DATABASE_URL unset; a server answers there)`, stop: none };
  const embedded = await spawnEmbeddedPostgres(env.EMBEDDED_POSTGRES_DIR);
  const description = `embedded PostgreSQL on 127.0.0.1:${embedded.port}, data in ${embedded.dir} (DATABASE_URL unset and nothing answers at ${where})`;
  return { url: embedded.url, description, stop: embedded.stop };
}

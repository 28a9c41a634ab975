// The npm registry mirror reachable here lacks some other platforms' native builds (darwin, win32, …),
// so `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock as out of
// sync. This adds an entry for each missing optional platform package, marked optional with its os
// and cpu, so npm ci skips it on every other platform without fetching it. Run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'];

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[base] || lock.packages[`node_modules/${name}`]) continue;
    const parts = name.split('/').pop().split('-');
    const os = OS.find((o) => parts.includes(o));
    const cpu = CPU.find((c) => parts.includes(c));
    if (!os || !cpu) continue; // not a platform build: leave it to npm
    const libc = parts.some((p) => p.startsWith('musl'))
      ? ['musl']
      : parts.some((p) => p.startsWith('gnu')) && os === 'linux'
        ? ['glibc']
        : undefined;
    lock.packages[`node_modules/${name}`] = {
      version: String(version).replace(/^[\^~=]/, ''),
      optional: true,
      os: [os],
      cpu: [cpu],
      ...(libc ? { libc } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform entries`);

import { spawn, spawnSync } from 'node:child_process';
import { migrateDatabase } from '../db/migrate';
import { seedDatabase } from '../db/seed/seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed/demo-accounts';
import { env } from '../lib/env';

/** `npm run demo`: migrate, seed, build, then run web and worker together until Ctrl+C. */
const { DATABASE_URL: url, PORT: port } = env;

await migrateDatabase(url);
await seedDatabase({ databaseUrl: url, log: (m) => console.log(m) });

if (env.DEMO_SKIP_BUILD !== '1') {
  const build = spawnSync('npx', ['next', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const childEnv = { ...process.env, DATABASE_URL: url, PORT: String(port) };
// Each child leads a process group of its own, so stopping it stops what npm and tsx started under it.
const children = [
  spawn('npm', ['start'], { env: childEnv, stdio: 'inherit', detached: true }),
  spawn('npx', ['tsx', 'jobs/worker.ts'], { env: childEnv, stdio: 'inherit', detached: true }),
];

console.log(`\nTrade Portal is starting on http://localhost:${port}\nDemo accounts (password ${DEMO_PASSWORD}):`);
for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(30)} ${account.role.padEnd(9)} lands on ${account.startPath}`);

const stop = () => {
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });

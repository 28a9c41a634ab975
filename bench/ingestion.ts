import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { documentColumns } from '../lib/domain/ingestion/document-rows';
import type { IngestedDocument } from '../lib/domain/ingestion/schemas';
import { documentTotals } from '../lib/domain/ingestion/totals';
import { readCpu } from './cpu';
import { createBenchIntegration, revokeBenchIntegration } from './integration-key';
import { load, round } from './load';

/**
 * The integration API's ingestion benchmark (issue 23; `npm run bench` runs it against its server): a file of
 * --orders orders of --lines lines each streamed to POST /api/v1/documents/bulk as NDJSON, timed to its last
 * answer, with the web processes' RSS (summed, sampled from /proc when --pids names them) and CPU per document;
 * its reference is a COPY of the same rows (documents and lines) into the same tables through psql, in the
 * same run. Then POST /api/v1/documents, one new order a request, at --connections clients for --seconds, in its
 * first seconds and steady (STEADY_AFTER_SECONDS), beside Next's answer that does nothing at the same load. Each
 * run adds its documents (twice --orders, and the one-document requests') to the database.
 *
 *   DATABASE_URL=… npx tsx bench/ingestion.ts --base http://127.0.0.1:3200 [--orders 100000] [--pids <web pid>,…] [--markdown <file>]
 */
const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:3200' },
    orders: { type: 'string', default: '100000' },
    lines: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    pids: { type: 'string' },
    markdown: { type: 'string' },
  },
});
const url = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/portal_bench';
const orderCount = Number(values.orders);
const linesPerOrder = Number(values.lines);
const pids = (values.pids ?? '').split(',').filter(Boolean).map(Number);
const tag = Date.now().toString(36).toUpperCase();

const client = new pg.Client({ connectionString: url });
await client.connect();
const integration = await createBenchIntegration(client, `Ingestion bench ${tag}`);
type StoreRow = {
  code: string;
  id: number;
  subsidiaryId: number;
  regionId: number | null;
  divisionId: number | null;
  addressCode: string | null;
};
const { rows: storeRows } = await client.query<StoreRow>(
  `select code, id, subsidiary_id as "subsidiaryId", region_id as "regionId", division_id as "divisionId", address_code as "addressCode"
   from stores order by id limit 200`,
);
const { rows: vendorRows } = await client.query<{ code: string; id: number }>('select code, id from vendors order by id limit 200');
const { rows: codeRows } = await client.query<{ code: string }>(
  'select distinct catalogue_code as code from xdoc_lines tablesample system (0.05) limit 500',
);

/** The i-th order of the file: stores, vendors and items drawn in turn, amounts that exercise the rounding. */
function orderOf(i: number, prefix: string): IngestedDocument {
  return {
    type: 'order',
    docno: `${prefix}${i}`,
    vendorCode: vendorRows[i % vendorRows.length].code,
    storeCode: storeRows[(i * 7) % storeRows.length].code,
    docDate: '2026-11-20',
    deliveryDate: '2026-11-27',
    orderType: 'stock',
    lines: Array.from({ length: linesPerOrder }, (_, n) => ({
      lineNumber: n + 1,
      catalogueCode: codeRows[(i + n * 13) % codeRows.length].code,
      qty: `${1 + ((i + n) % 48)}.00`,
      amount: `${10 + ((i * 31 + n * 17) % 990)}.${String((i + n) % 100).padStart(2, '0')}`,
      taxPercent: '15.00',
    })),
  };
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-ingest-bench-'));
const rssOf = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};
const rss = () => pids.reduce((sum, pid) => sum + rssOf(pid), 0);

async function writeLines(file: string, count: number, line: (i: number) => string): Promise<void> {
  const out = createWriteStream(file);
  for (let i = 0; i < count; i++) if (!out.write(`${line(i)}\n`)) await new Promise((resolve) => out.once('drain', resolve));
  out.end();
  await finished(out);
}

/** The bulk ingestion: the file streamed as the request body, the answers read as they come. */
async function measureBulk() {
  const file = path.join(dir, 'orders.ndjson');
  await writeLines(file, orderCount, (i) => JSON.stringify(orderOf(i, `BI${tag}-`)));
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 200);
  const cpuBefore = readCpu(pids);
  const started = performance.now();
  const response = await fetch(`${values.base}/api/v1/documents/bulk`, {
    method: 'POST',
    headers: { authorization: `Bearer ${integration.key}`, 'content-type': 'application/x-ndjson' },
    body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
    duplex: 'half',
  } as RequestInit);
  const statuses = new Map<string, number>();
  let rest = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    rest += decoder.decode(chunk, { stream: true });
    const lines = rest.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line) statuses.set(JSON.parse(line).status, (statuses.get(JSON.parse(line).status) ?? 0) + 1);
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const cpuAfter = readCpu(pids);
  return {
    status: response.status,
    seconds,
    statuses: Object.fromEntries(statuses),
    rssBefore: before,
    rssPeak: peak,
    webCpuMsPerDoc: (cpuAfter.processesMs - cpuBefore.processesMs) / orderCount,
    machineCpuMsPerDoc: (cpuAfter.machineMs - cpuBefore.machineMs) / orderCount,
  };
}

const csv = (value: unknown) => (value === null || value === undefined ? '' : `"${String(value).replaceAll('"', '""')}"`);
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The reference: the same orders' rows (other numbers), as the bulk path computes them, COPYed into xdocs and xdoc_lines in one transaction. */
async function measureCopy() {
  const { rows: ids } = await client.query<{ id: string }>(`select nextval('xdocs_id_seq')::text as id from generate_series(1, $1)`, [
    orderCount,
  ]);
  const storeByCode = new Map(storeRows.map((s) => [s.code, s]));
  const vendorByCode = new Map(vendorRows.map((v) => [v.code, v.id]));
  let docColumns: string[] = [];
  const docsFile = path.join(dir, 'xdocs.csv');
  const linesFile = path.join(dir, 'lines.csv');
  const docs = Array.from({ length: orderCount }, (_, i) => orderOf(i, `BC${tag}-`));
  const refsOf = (doc: IngestedDocument) => {
    const store = storeByCode.get(doc.storeCode)!;
    return {
      vendorId: vendorByCode.get(doc.vendorCode)!,
      store,
      lineStores: doc.lines.map(() => ({ addressCode: store.addressCode, storeId: store.id })),
    };
  };
  await writeLines(docsFile, orderCount, (i) => {
    const doc = docs[i];
    const totals = documentTotals(doc);
    const columns = {
      id: ids[i].id,
      tinyMce: `bc${tag}${i}`.toLowerCase(),
      ...documentColumns(doc, refsOf(doc), null),
      totValue: totals.incl,
      xdocTotalExcl: totals.excl,
      xdocTaxAmount: totals.tax,
      xdocTotalIncl: totals.incl,
    };
    docColumns = Object.keys(columns).map(snakeCase);
    return Object.values(columns).map(csv).join(',');
  });
  await writeLines(linesFile, orderCount * linesPerOrder, (k) => {
    const i = Math.floor(k / linesPerOrder);
    const line = docs[i].lines[k % linesPerOrder];
    const store = storeByCode.get(docs[i].storeCode)!;
    const tax = documentTotals({ ...docs[i], lines: [line] }).tax;
    return [
      ids[i].id,
      line.lineNumber,
      line.catalogueCode,
      line.qty,
      line.qty,
      line.amount,
      line.amount,
      line.taxPercent,
      tax,
      store.addressCode,
      store.id,
    ]
      .map(csv)
      .join(',');
  });
  const script = [
    'begin;',
    `\\copy xdocs (${docColumns.join(', ')}) from '${docsFile}' with (format csv)`,
    `\\copy xdoc_lines (xdoc_id, line_number, catalogue_code, qty, originalqty, amount, originalamount, tax_percent, tax_amount, delivery_address_code, store_id) from '${linesFile}' with (format csv)`,
    'commit;',
  ].join('\n');
  const cpuBefore = readCpu();
  const started = performance.now();
  const run = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-f', '-'], { input: script, encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`COPY failed: ${run.stderr}`);
  return { seconds, machineCpuMsPerDoc: (readCpu().machineMs - cpuBefore.machineMs) / orderCount };
}

/**
 * How long the one-document request runs before its steady state is measured. A web process's first seconds of a
 * request it has not served before are slower: on 2026-11-27, eight-second rounds one after another on a fresh
 * server went from 311 to 387, 427 and 446 a second (p95 50.7 → 38.3 → 35.3 → 33.3 ms) and stayed there, V8
 * still compiling the request's code and growing its heap (docs/benchmarks.md, "A web process's first seconds").
 * Both are reported: the first seconds after FIRST_WARM_UP_SECONDS, and the steady state after this long.
 */
const STEADY_AFTER_SECONDS = 30;
/** The warm-up before the first seconds are measured (what the benchmark measured alone until 2026-11-27). */
const FIRST_WARM_UP_SECONDS = 3;

/**
 * POST /api/v1/documents, a new order each request: its first seconds and its steady state (the target's verdict:
 * the ERP's documents reach a web process that has been answering them), and Next's answer that does nothing at
 * the same load.
 */
async function measureSingle() {
  let n = 0;
  const connections = Number(values.connections);
  const duration = Number(values.seconds);
  const headers = { authorization: `Bearer ${integration.key}`, 'content-type': 'application/json' };
  const next = () => ({ path: '/api/v1/documents', method: 'POST' as const, headers, body: JSON.stringify(orderOf(n++, `BS${tag}-`)) });
  const label = `one order of ${linesPerOrder} lines a request`;
  await load('warm-up', values.base!, next, { connections, duration: FIRST_WARM_UP_SECONDS });
  const first = await load('POST /api/v1/documents, its first seconds', values.base!, next, { connections, duration, label });
  const warmFor = Math.max(0, STEADY_AFTER_SECONDS - FIRST_WARM_UP_SECONDS - duration);
  if (warmFor) await load('warm-up', values.base!, next, { connections, duration: warmFor });
  const single = await load('POST /api/v1/documents, steady', values.base!, next, { connections, duration, label });
  const floorRequest = { path: '/no-such-resource', headers: { 'x-requested-with': 'XMLHttpRequest' } };
  const floor = await load("Next's answer that does nothing", values.base!, () => floorRequest, {
    connections,
    duration,
    label: 'GET /no-such-resource (a JSON 404)',
  });
  return { first, single, floor };
}

try {
  const bulk = await measureBulk();
  console.log('bulk', bulk);
  const copy = await measureCopy();
  console.log('copy', copy);
  const { first, single, floor } = await measureSingle();
  console.log('first', first, 'single', single, 'floor', floor);
  const created = bulk.statuses.created ?? 0;
  const growth = bulk.rssPeak - bulk.rssBefore;
  const bulkMet = bulk.status === 200 && created === orderCount && bulk.seconds < 60 && (!pids.length || growth < 200);
  const markdown = [
    `${orderCount.toLocaleString('en-ZA')} orders of ${linesPerOrder} lines (${(orderCount * linesPerOrder).toLocaleString('en-ZA')} lines, one NDJSON file streamed as the request body) through \`POST /api/v1/documents/bulk\`, against a \`COPY\` of the same rows into xdocs and xdoc_lines (one transaction, through psql, with the tables' triggers) in the same run:`,
    '',
    '| what | seconds | documents/s | machine CPU ms per document | web processes CPU ms per document | web RSS |',
    '|---|---|---|---|---|---|',
    `| bulk ingestion (answers: ${Object.entries(bulk.statuses)
      .map(([s, c]) => `${c} ${s}`)
      .join(
        ', ',
      )}) | ${round(bulk.seconds)} | ${Math.round(orderCount / bulk.seconds)} | ${bulk.machineCpuMsPerDoc.toFixed(2)} | ${pids.length ? bulk.webCpuMsPerDoc.toFixed(2) : '–'} | ${pids.length ? `${round(bulk.rssBefore)} → peak ${round(bulk.rssPeak)} MB (+${round(growth)} MB)` : '–'} |`,
    `| reference: COPY of the same rows | ${round(copy.seconds)} | ${Math.round(orderCount / copy.seconds)} | ${copy.machineCpuMsPerDoc.toFixed(2)} | – | – |`,
    '',
    `Bulk ÷ COPY time: ${round(bulk.seconds / copy.seconds)}×. Target < 60 s, web RSS growth < 200 MB: ${bulkMet ? 'met' : 'MISSED'}.`,
    '',
    '| scenario | what | requests | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx |',
    '|---|---|---|---|---|---|---|---|---|',
    ...[first, single, floor].map(
      (r) => `| ${r.name} | ${r.path} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
    ),
    '',
    `\`POST /api/v1/documents\` p95 < 50 ms at ${values.connections} clients, steady (after ${STEADY_AFTER_SECONDS} s of them): ${single.p95} ms (${round(single.p95 / floor.p95)}× the empty answer's p95; ${first.p95} ms in its first seconds) → ${single.p95 < 50 && !single.non2xx ? 'met' : 'MISSED'}.`,
  ].join('\n');
  console.log(markdown);
  if (values.markdown) writeFileSync(values.markdown, `${markdown}\n`);
} finally {
  await revokeBenchIntegration(client, integration.id);
  await client.end();
  await rm(dir, { recursive: true, force: true });
}

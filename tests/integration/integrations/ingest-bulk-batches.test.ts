import { sql } from 'drizzle-orm';
import { db, pool } from '@/db/client';
import * as bulkRoute from '@/app/api/v1/documents/bulk/route';
import * as documentsRoute from '@/app/api/v1/documents/route';
import { uniqueTag } from '../support/fixtures';
import { callV1, newIntegration } from '../support/integrations';

afterAll(() => pool.end());

let key: string;
beforeAll(async () => {
  ({ key } = await newIntegration({ subsidiaries: ['SUB01'] }));
});

// Amounts whose tax rounds at the half cent, so the bulk path's totals must match the single path's to the cent.
const LINES = [
  { lineNumber: 1, catalogueCode: '101001', qty: 3, amount: '33.33', taxPercent: 15 },
  { lineNumber: 2, catalogueCode: '101002', qty: '1.5', amount: 0.07, taxPercent: '15' },
  { lineNumber: 3, catalogueCode: '101003', qty: 1, amount: '0.05', taxPercent: 10 },
];
const order = (overrides: Record<string, unknown> = {}) => ({
  type: 'order',
  docno: `BAT${uniqueTag()}`,
  vendorCode: 'V0001',
  storeCode: 'S001',
  docDate: '2026-06-15',
  lines: LINES,
  ...overrides,
});

/** The whole body at once: every line is at hand, so the lines go in batches, not one by one. */
async function bulk(docs: unknown[]) {
  const { status, text } = await callV1(bulkRoute.POST, '/api/v1/documents/bulk', {
    key,
    method: 'POST',
    body: docs.map((d) => (typeof d === 'string' ? d : JSON.stringify(d))).join('\n'),
    headers: { 'content-type': 'application/x-ndjson' },
  });
  expect(status).toBe(200);
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { line: number; docno: string; status: string });
}

type Stored = { id: number; xid: string | null; excl: string; tax: string; incl: string; related: number | null; notified: number };
async function stored(docno: string): Promise<Stored[]> {
  const { rows } = await db.execute<Stored>(sql`
    select d.id::int as "id", (select e.xid::text from events e where e.xdoc_id = d.id and e.type = 'document.ingested') as "xid",
      d.xdoc_total_excl as "excl", d.xdoc_tax_amount as "tax", d.xdoc_total_incl as "incl", d.related_xdoc_id::int as "related",
      (select count(*)::int from notifications n where n.xdoc_id = d.id) as "notified"
    from xdocs d where d.docno = ${docno}`);
  return rows;
}

describe('POST /api/v1/documents/bulk in batches', () => {
  it('commits a batch in one transaction, stored exactly as a single POST stores the same document', async () => {
    const [a, b] = [order(), order()];
    expect((await bulk([a, b])).map((r) => r.status)).toEqual(['created', 'created']);
    const single = order();
    expect((await callV1(documentsRoute.POST, '/api/v1/documents', { key, method: 'POST', body: single })).status).toBe(201);
    const [[first], [second], [alone]] = await Promise.all([stored(a.docno), stored(b.docno), stored(single.docno)]);
    expect(first.xid).toBe(second.xid);
    expect(alone.xid).not.toBe(first.xid);
    expect({ ...first, id: 0, xid: null }).toEqual({ ...alone, id: 0, xid: null });
    expect(first).toMatchObject({ excl: '100.15', tax: '15.03', incl: '115.18' });
  });

  it('a document that cannot be stored in the middle of a batch fails alone; its neighbours are committed together', async () => {
    const [before, after] = [order(), order()];
    // 1,000,000 × 100,000,000 is beyond what a document's total can hold: only the database finds out.
    const tooBig = order({ lines: [{ lineNumber: 1, catalogueCode: '101001', qty: 1_000_000, amount: 100_000_000, taxPercent: 15 }] });
    const answers = await bulk([before, tooBig, after]);
    expect(answers.map((r) => [r.line, r.docno, r.status])).toEqual([
      [1, before.docno, 'created'],
      [2, tooBig.docno, 'failed'],
      [3, after.docno, 'created'],
    ]);
    expect(await stored(tooBig.docno)).toEqual([]);
    const [[first], [third]] = await Promise.all([stored(before.docno), stored(after.docno)]);
    expect(first.xid).toBe(third.xid);
  });

  it('the same document twice in one file: the second sees the first (unchanged, or a new version); one document stored', async () => {
    const doc = order();
    const changed = { ...doc, lines: [{ ...LINES[0], qty: 4 }] };
    const grv = {
      type: 'aux.grv',
      docno: `GRV${uniqueTag()}`,
      orderno: doc.docno,
      vendorCode: 'V0001',
      storeCode: 'S001',
      docDate: '2026-06-16',
      lines: LINES,
    };
    const answers = await bulk([doc, order(), doc, grv, changed, changed]);
    expect(answers.map((r) => r.status)).toEqual(['created', 'created', 'unchanged', 'created', 'updated', 'unchanged']);
    const rows = await stored(doc.docno);
    expect(rows).toHaveLength(1);
    expect((await stored(grv.docno))[0].related).toBe(rows[0].id);
  });

  it('a file longer than a batch, with a document repeated in a later batch, and the same file sent again: no duplicates', async () => {
    const docs = Array.from({ length: 520 }, () => order({ lines: [LINES[0]] }));
    const file = [...docs, docs[3]];
    const first = await bulk(file);
    expect(first.filter((r) => r.status === 'created')).toHaveLength(520);
    expect(first[520]).toMatchObject({ line: 521, docno: docs[3].docno, status: 'unchanged' });
    // 500 documents a batch: the first 500 committed together, the rest in the next transaction.
    const [[a], [b], [c]] = await Promise.all([docs[0], docs[499], docs[500]].map((d) => stored(d.docno)));
    expect(a.xid).toBe(b.xid);
    expect(c.xid).not.toBe(a.xid);
    const again = await bulk(file);
    expect(again.every((r) => r.status === 'unchanged')).toBe(true);
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from xdocs where docno = any(${sql.param(docs.map((d) => d.docno))}::text[])`,
    );
    expect(rows[0].n).toBe(520);
  });
});

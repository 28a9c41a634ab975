import { eq, sql } from 'drizzle-orm';
import { db, pool } from '@/db/client';
import { xdocs } from '@/db/schema';
import * as bulkRoute from '@/app/api/v1/documents/bulk/route';
import { uniqueTag } from '../support/fixtures';
import { newIntegration } from '../support/integrations';
import { waitingOn } from '../support/lock-waits';

afterAll(() => pool.end());

let key: string;
beforeAll(async () => {
  ({ key } = await newIntegration({ subsidiaries: ['SUB01'] }));
});

const order = (overrides: Record<string, unknown> = {}) => ({
  type: 'order',
  docno: `BLK${uniqueTag()}`,
  vendorCode: 'V0001',
  storeCode: 'S001',
  docDate: '2026-06-15',
  lines: [{ lineNumber: 1, catalogueCode: '101001', qty: 2, amount: '10.00', taxPercent: 15 }],
  ...overrides,
});

const exists = async (docno: string) => (await db.select({ id: xdocs.id }).from(xdocs).where(eq(xdocs.docno, docno))).length === 1;

function bulkRequest(body: BodyInit | ReadableStream<Uint8Array>, withKey = key) {
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    headers: { authorization: `Bearer ${withKey}`, 'content-type': 'application/x-ndjson' },
    body: body as BodyInit,
    duplex: 'half',
  };
  return bulkRoute.POST(new Request('http://localhost/api/v1/documents/bulk', init), { params: Promise.resolve({}) });
}

/**
 * A bulk request whose lines `run` sends one by one while another session holds vendor V0001's row, so a batch with
 * a document of that vendor stays in the database (its foreign key check at the end of its statement waits); the
 * row is let go when `run` is done, and the request's answers returned.
 */
async function whileVendorHeld(run: (send: (doc: unknown) => void) => Promise<void>): Promise<{ docno: string; status: string }[]> {
  const blocker = await pool.connect();
  let feed!: ReadableStreamDefaultController<Uint8Array>;
  const input = new ReadableStream<Uint8Array>({ start: (controller) => void (feed = controller) });
  const send = (doc: unknown) => feed.enqueue(new TextEncoder().encode(`${JSON.stringify(doc)}\n`));
  try {
    await blocker.query('begin');
    await blocker.query(`select 1 from vendors where code = 'V0001' for update`);
    const response = bulkRequest(input);
    await run(send);
    await blocker.query('rollback');
    feed.close();
    return await results(await response);
  } finally {
    await blocker.query('rollback');
    blocker.release();
  }
}

const results = async (response: Response) =>
  (await response.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

describe('POST /api/v1/documents/bulk', () => {
  it('answers one result per line; a bad line never loses the good ones', async () => {
    const [a, b, c] = [order(), order(), order()];
    const body = [
      JSON.stringify(a),
      '{"type": "order", "docno": ',
      JSON.stringify(b),
      '',
      JSON.stringify({ ...c, lines: [{ lineNumber: 1, catalogueCode: 'X', qty: -1, amount: 1, taxPercent: 15 }] }),
      JSON.stringify({ ...order(), storeCode: 'S017' }),
      JSON.stringify(a),
    ].join('\n');
    const response = await bulkRequest(body);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    const answers = await results(response);
    expect(answers.map((r) => [r.line, r.status])).toEqual([
      [1, 'created'],
      [2, 'invalid'],
      [3, 'created'],
      [5, 'invalid'],
      [6, 'invalid'],
      [7, 'unchanged'],
    ]);
    expect(answers[1].error).toMatch(/not valid JSON/);
    expect(answers[3]).toMatchObject({ docno: c.docno, errors: { 'lines.0.qty': [expect.any(String)] } });
    expect(Object.keys(answers[4].errors)).toEqual(['storeCode']);
    expect([await exists(a.docno), await exists(b.docno), await exists(c.docno)]).toEqual([true, true, false]);
  });

  it('reads the body as a stream: a line is committed and answered before the next has been sent', async () => {
    const [first, second] = [order(), order()];
    let feed!: ReadableStreamDefaultController<Uint8Array>;
    const input = new ReadableStream<Uint8Array>({ start: (controller) => void (feed = controller) });
    const encode = (text: string) => new TextEncoder().encode(text);
    // The first line arrives in two pieces, split inside a multi-byte character.
    const firstLine = encode(`${JSON.stringify({ ...first, descr: 'Café order' })}\n`);
    const cut = firstLine.indexOf(0xc3) + 1;
    feed.enqueue(firstLine.slice(0, cut));
    feed.enqueue(firstLine.slice(cut));
    const response = await bulkRequest(input);
    const reader = response.body!.getReader();
    const answer = JSON.parse(new TextDecoder().decode((await reader.read()).value));
    expect(answer).toMatchObject({ line: 1, docno: first.docno, status: 'created' });
    const [doc] = await db.select({ descr: xdocs.xdocDescr }).from(xdocs).where(eq(xdocs.docno, first.docno));
    expect(doc.descr).toBe('Café order');
    expect(await exists(second.docno)).toBe(false);
    feed.enqueue(encode(JSON.stringify(second)));
    feed.close();
    const next = JSON.parse(new TextDecoder().decode((await reader.read()).value));
    expect(next).toMatchObject({ line: 2, docno: second.docno, status: 'created' });
    expect((await reader.read()).done).toBe(true);
    expect(await exists(second.docno)).toBe(true);
  });

  it('writes the next batch while the one before is in the database, and commits them in the file order', async () => {
    const [first, second] = [order(), order({ vendorCode: 'V0002' })];
    const answers = await whileVendorHeld(async (send) => {
      send(first);
      await waitingOn(['transactionid', 'tuple']);
      // The second line comes while the first batch is in flight: its batch is written beside it, up to its turn.
      send(second);
      await waitingOn(['advisory']);
      expect(await exists(second.docno)).toBe(false);
    });
    expect(answers.map((r) => [r.docno, r.status])).toEqual([
      [first.docno, 'created'],
      [second.docno, 'created'],
    ]);
    expect([await exists(first.docno), await exists(second.docno)]).toEqual([true, true]);
  });

  it('a batch about an order of the batch in flight waits for it to commit, and links to it', async () => {
    const placed = order();
    const received = order({ type: 'aux.grv', docno: `GRV${uniqueTag()}`, orderno: placed.docno });
    const answers = await whileVendorHeld(async (send) => {
      send(placed);
      await waitingOn(['transactionid', 'tuple']);
      send(received);
      // Time enough for the goods receipt's batch to look its order up, were it written beside the order's.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(answers.map((r) => r.status)).toEqual(['created', 'created']);
    const linked = await db.execute<{ linked: boolean }>(sql`select g.related_xdoc_id = o.id as linked
      from xdocs g, xdocs o where g.docno = ${received.docno} and o.docno = ${placed.docno}`);
    expect(linked.rows).toEqual([{ linked: true }]);
  });

  it('skips a line over the line limit without holding it, and goes on with the next', async () => {
    const after = order();
    const huge = `{"docno": "${'x'.repeat(2 * 1024 * 1024)}"}`;
    const answers = await results(await bulkRequest(`${huge}\n${JSON.stringify(after)}\n`));
    expect(answers.map((r) => [r.line, r.status])).toEqual([
      [1, 'invalid'],
      [2, 'created'],
    ]);
  });

  it('needs a key with documents:write', async () => {
    const { key: readOnly } = await newIntegration({ scopes: ['events:read'] });
    expect((await bulkRequest(JSON.stringify(order()), readOnly)).status).toBe(403);
    expect((await bulkRequest(JSON.stringify(order()), 'tp_live_wrong')).status).toBe(401);
  });
});

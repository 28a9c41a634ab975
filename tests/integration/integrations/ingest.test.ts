import { and, eq, sql } from 'drizzle-orm';
import { db, pool } from '@/db/client';
import { auditEntries, events, historyDayCounts, inboxCounts, xdocLines, xdocs } from '@/db/schema';
import * as documentsRoute from '@/app/api/v1/documents/route';
import { GET as ordersRoute } from '@/app/api/orders/route';
import { PUT as respondRoute } from '@/app/api/orders/[id]/route';
import { callRoute, sessionHeaders } from '../support/actors';
import { storeByCode, uniqueTag, vendorByCode } from '../support/fixtures';
import { callV1, newIntegration } from '../support/integrations';
import { integrationForKey } from '@/lib/domain/integrations/authenticate';
import { ingestInTransaction } from '@/lib/domain/ingestion/ingest-document';
import { ingestedDocumentSchema } from '@/lib/domain/ingestion/schemas';

afterAll(() => pool.end());

let key: string;
beforeAll(async () => {
  ({ key } = await newIntegration({ subsidiaries: ['SUB01'] }));
});

const order = (overrides: Record<string, unknown> = {}) => ({
  type: 'order',
  docno: `ERP${uniqueTag()}`,
  vendorCode: 'V0001',
  storeCode: 'S001',
  docDate: '2026-06-15',
  deliveryDate: '2026-06-22',
  orderType: 'stock',
  lines: [
    { lineNumber: 1, catalogueCode: '101001', descr: 'Maize meal 10 kg', qty: 3, amount: '33.33', taxPercent: 15 },
    { lineNumber: 2, catalogueCode: '101002', qty: '1.5', amount: 0.07, taxPercent: '15' },
  ],
  ...overrides,
});

const post = (body: unknown, withKey = key) => callV1(documentsRoute.POST, '/api/v1/documents', { key: withKey, method: 'POST', body });

async function stored(docno: string) {
  const [doc] = await db.select().from(xdocs).where(eq(xdocs.docno, docno));
  return doc;
}
const count = async (table: typeof auditEntries | typeof events, docId: number) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.xdocId, docId))
  )[0].n;

async function openPurchaseCount(vendorId: number, storeId: number) {
  const [row] = await db
    .select({ total: inboxCounts.total })
    .from(inboxCounts)
    .where(and(eq(inboxCounts.vendorId, vendorId), eq(inboxCounts.list, 'open_purchase'), eq(inboxCounts.storeId, storeId)));
  return row?.total ?? 0;
}
/** The day's count, summed over its slots (migration 0029). */
async function dayCount(date: string, subsidiaryId: number) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${historyDayCounts.total}), 0)::int` })
    .from(historyDayCounts)
    .where(and(eq(historyDayCounts.docDate, date), eq(historyDayCounts.subsidiaryId, subsidiaryId)));
  return row?.total ?? 0;
}

describe('POST /api/v1/documents', () => {
  it('creates an order exactly like a seeded one: lines, totals to the cent, inbox counters, history, audit and an event', async () => {
    const vendor = await vendorByCode('V0001');
    const store = await storeByCode('S001');
    const body = order({ docDate: '2026-06-16' });
    const [openBefore, dayBefore] = [await openPurchaseCount(vendor.id, store.id), await dayCount('2026-06-16', store.subsidiaryId)];
    const { status, json } = await post(body);
    expect(status).toBe(201);
    expect(json).toMatchObject({ status: 'created', docno: body.docno, type: 'order', version: 1 });

    const doc = await stored(body.docno);
    expect(doc).toMatchObject({
      tinyMce: json.tinyMce,
      orderno: body.docno,
      xdocTypeCode: 'order',
      xdocSubTypeCode: 'normal',
      xdocTypeDescr: 'Purchase Order',
      wfStatusCode: 'received',
      subsidiaryId: store.subsidiaryId,
      vendorId: vendor.id,
      storeId: store.id,
      regionId: store.regionId,
      lineCount: 2,
      isRead: false,
      // 3 × 33.33 = 99.99 (tax 14.9985 → 15.00); 1.5 × 0.07 = 0.105 (tax 0.01575 → 0.02); excl 100.095 → 100.10.
      xdocTotalExcl: '100.10',
      xdocTaxAmount: '15.02',
      xdocTotalIncl: '115.12',
      totValue: '115.12',
    });
    const lines = await db.select().from(xdocLines).where(eq(xdocLines.xdocId, doc.id)).orderBy(xdocLines.lineNumber);
    expect(lines.map((l) => [l.lineNumber, l.qty, l.originalqty, l.amount, l.taxPercent, l.taxAmount, l.storeId])).toEqual([
      [1, '3.00', '3.00', '33.33', '15.00', '15.00', store.id],
      [2, '1.50', '1.50', '0.07', '15.00', '0.02', store.id],
    ]);
    expect(await openPurchaseCount(vendor.id, store.id)).toBe(openBefore + 1);
    expect(await dayCount('2026-06-16', store.subsidiaryId)).toBe(dayBefore + 1);
    const [created] = await db.select().from(auditEntries).where(eq(auditEntries.xdocId, doc.id));
    expect(created).toMatchObject({ action: 'created', descr: `Order ${body.docno} received`, ownerUserId: null });
    const [event] = await db.select().from(events).where(eq(events.xdocId, doc.id));
    expect(event).toMatchObject({ type: 'document.ingested', subsidiaryId: store.subsidiaryId, vendorId: vendor.id });

    // At once in the supplier's inbox.
    const inbox = await callRoute(ordersRoute, `/orders?docno=${body.docno}`, { headers: await sessionHeaders('supplier@portal.test') });
    const list = await inbox.json();
    expect(list.xdocs.map((x: { docno: string }) => x.docno)).toEqual([body.docno]);
  });

  it('answers the same content again with 200 and changes nothing', async () => {
    const body = order();
    expect((await post(body)).status).toBe(201);
    const doc = await stored(body.docno);
    // The same document spelled differently (numbers as strings, keys in another order) is the same content.
    const respelled = {
      ...body,
      lines: body.lines.map((l) =>
        Object.fromEntries(Object.entries({ ...l, qty: Number(l.qty).toFixed(2), taxPercent: String(l.taxPercent) }).reverse()),
      ),
    };
    const again = await post(respelled);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ status: 'unchanged', version: 1, tinyMce: doc.tinyMce });
    expect(await stored(body.docno)).toEqual(doc);
    expect(await count(auditEntries, doc.id)).toBe(1);
    expect(await count(events, doc.id)).toBe(1);
  });

  it('creates a document sent by several clients at once exactly once; different contents at once are its versions', async () => {
    const body = order();
    const same = await Promise.all(Array.from({ length: 6 }, () => post(body)));
    expect(same.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const doc = await stored(body.docno);
    expect(same.map((r) => r.json.tinyMce)).toEqual(Array(6).fill(doc.tinyMce));
    expect(await count(auditEntries, doc.id)).toBe(1);
    expect(await count(events, doc.id)).toBe(1);

    // Four contents of one new document at once: one creates it, each of the others is a version after it.
    const other = order();
    const sent = await Promise.all([1, 2, 3, 4].map((qty) => post({ ...other, lines: [{ ...other.lines[0], qty }] })));
    expect(sent.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(sent.map((r) => r.json.version).sort()).toEqual([1, 2, 3, 4]);
    const rows = await db.select({ id: xdocs.id }).from(xdocs).where(eq(xdocs.docno, other.docno));
    expect(rows).toHaveLength(1);
    expect(await count(events, rows[0].id)).toBe(4);
    expect(await count(auditEntries, rows[0].id)).toBe(4);
  });

  it('updates a document nobody has acted on: a new version, new lines and totals, audited', async () => {
    const body = order();
    await post(body);
    const changed = { ...body, lines: [{ lineNumber: 1, catalogueCode: '101001', qty: 10, amount: '2.50', taxPercent: 0 }] };
    const { status, json } = await post(changed);
    expect(status).toBe(200);
    expect(json).toMatchObject({ status: 'updated', version: 2 });
    const doc = await stored(body.docno);
    expect(doc).toMatchObject({ xdocTotalExcl: '25.00', xdocTaxAmount: '0.00', xdocTotalIncl: '25.00', lineCount: 1 });
    const actions = (await db.select().from(auditEntries).where(eq(auditEntries.xdocId, doc.id)).orderBy(auditEntries.id)).map(
      (a) => a.action,
    );
    expect(actions).toEqual(['created', 'updated']);
    expect(await count(events, doc.id)).toBe(2);
  });

  it('refuses with 409 and the reason to change an order the supplier has answered', async () => {
    const body = order();
    const { json } = await post(body);
    const answered = await callRoute(respondRoute, `/orders/${json.tinyMce}`, {
      method: 'PUT',
      headers: await sessionHeaders('supplier@portal.test'),
      params: { id: json.tinyMce as string },
      body: { orderResponse: { header: { response: 'confirmed' }, tinyMce: json.tinyMce, docno: body.docno } },
    });
    expect(answered.status).toBe(200);
    const conflict = await post({ ...body, deliveryDate: '2026-06-30' });
    expect(conflict.status).toBe(409);
    expect(conflict.json.message).toMatch(/already answered/);
    expect((await stored(body.docno)).deliveryDate).toBe('2026-06-22');
    // The unchanged content is still just acknowledged.
    expect((await post(body)).status).toBe(200);
  });

  it('answers 422 naming the field for a store outside the key’s subsidiaries, an unknown store or vendor; nothing stored', async () => {
    for (const [overrides, field] of [
      [{ storeCode: 'S017' }, 'storeCode'], // SUB02's store
      [{ storeCode: 'NOPE' }, 'storeCode'],
      [{ vendorCode: 'V9999' }, 'vendorCode'],
    ] as const) {
      const body = order(overrides);
      const { status, json } = await post(body);
      expect(status).toBe(422);
      expect(Object.keys(json.errors as object)).toEqual([field]);
      expect(await stored(body.docno)).toBeUndefined();
    }
  });

  it('answers bad input with a clear 4xx naming the field, and stores nothing', async () => {
    const cases: [unknown, number, string][] = [
      [{ ...order(), lines: [{ lineNumber: 1, catalogueCode: 'X', qty: 'abc', amount: 1, taxPercent: 15 }] }, 422, 'lines.0.qty'],
      [{ ...order(), lines: [{ lineNumber: 1, catalogueCode: 'X', qty: -2, amount: 1, taxPercent: 15 }] }, 422, 'lines.0.qty'],
      [{ ...order(), lines: [{ lineNumber: 1, catalogueCode: 'X', qty: 5e9, amount: 1, taxPercent: 15 }] }, 422, 'lines.0.qty'],
      [{ ...order(), lines: [{ lineNumber: 1, catalogueCode: 'X', qty: 1, amount: 1.234, taxPercent: 15 }] }, 422, 'lines.0.amount'],
      [{ ...order(), lines: [{ lineNumber: 1, catalogueCode: 'X', qty: 1, amount: 1, taxPercent: 150 }] }, 422, 'lines.0.taxPercent'],
      [{ ...order(), lines: [order().lines[0], { ...order().lines[1], lineNumber: 1 }] }, 422, 'lines.1.lineNumber'],
      [{ ...order(), lines: [] }, 422, 'lines'],
      [{ ...order(), type: 'invoice' }, 422, 'type'],
      [{ ...order(), docDate: '2026-02-30' }, 422, 'docDate'],
      [{ ...order(), docno: 42 }, 422, 'docno'],
      [{ ...order(), extra: true }, 422, '_'],
    ];
    for (const [body, status, field] of cases) {
      const answer = await post(body);
      expect([answer.status, Object.keys(answer.json.errors as object)]).toEqual([status, [field]]);
    }
    const malformed = await post('{"type": "order", ');
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toMatch(/not valid JSON/);
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(xdocs)
      .where(eq(xdocs.docno, 'X'));
    expect(n).toBe(0);
  });

  it('refuses a body over the limit with 413 before reading it all', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 64 * 1024;
        if (pulled > 100 * 1024 * 1024) controller.close();
        else controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    const answer = await callV1(documentsRoute.POST, '/api/v1/documents', { key, method: 'POST', body: endless });
    expect(answer.status).toBe(413);
    expect(pulled).toBeLessThan(3 * 1024 * 1024);
    const declared = await callV1(documentsRoute.POST, '/api/v1/documents', {
      key,
      method: 'POST',
      body: '{}',
      headers: { 'content-length': String(100 * 1024 * 1024) },
    });
    expect(declared.status).toBe(413);
  });

  it('answers 403 to a key without documents:write', async () => {
    const { key: readOnly } = await newIntegration({ scopes: ['events:read'] });
    const answer = await post(order(), readOnly);
    expect(answer.status).toBe(403);
  });

  it('ingests each type, a return as a return order, linking a goods receipt to its order', async () => {
    const po = order();
    await post(po);
    for (const type of ['return', 'aux.grv', 'remittance', 'dispute', 'deliverynote']) {
      const body = order({
        type,
        orderno: type === 'aux.grv' ? po.docno : undefined,
        orderType: undefined,
        reasonCode: type === 'dispute' ? 'Q' : undefined,
      });
      const { status } = await post(body);
      expect(status).toBe(201);
      const doc = await stored(body.docno);
      expect(doc.xdocTypeCode).toBe(type === 'return' ? 'order' : type);
      if (type === 'return') expect(doc.xdocSubTypeCode).toBe('return');
      if (type === 'aux.grv') expect(doc.relatedXdocId).toBe((await stored(po.docno)).id);
    }
  });
});

it('writes a new document once, its line count with it: inserting its lines does not update it again', async () => {
  const actor = (await integrationForKey(key))!;
  const doc = order({ lines: [...order().lines, { lineNumber: 3, catalogueCode: '101003', qty: 1, amount: '1.00', taxPercent: 15 }] });
  const written = await db.transaction(async (tx) => {
    // The session's counts of rows written to xdocs not yet reported (this transaction's and maybe earlier ones'):
    // what ingesting adds to them is what it wrote. A second version of the new row would be an update.
    const counts = async () =>
      (
        await tx.execute<{ ins: number; upd: number }>(
          sql`select n_tup_ins::int as ins, n_tup_upd::int as upd from pg_stat_xact_user_tables where relname = 'xdocs'`,
        )
      ).rows[0];
    const before = await counts();
    await ingestInTransaction(tx, actor, ingestedDocumentSchema.parse(doc));
    const after = await counts();
    return { ins: after.ins - before.ins, upd: after.upd - before.upd };
  });
  expect(written).toEqual({ ins: 1, upd: 0 });
  expect((await stored(doc.docno as string)).lineCount).toBe(3);
});

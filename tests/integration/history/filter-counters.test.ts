import { GET as dismissRoute } from '@/app/api/orders/dismiss/[id]/route';
import { PUT as respondRoute } from '@/app/api/orders/[id]/route';
import { POST as invoicesRoute } from '@/app/api/invoices/route';
import * as bulkRoute from '@/app/api/v1/documents/bulk/route';
import { pool } from '@/db/client';
import { todayInSouthAfrica } from '@/lib/domain/invoicing/invoice-date';
import { callRoute, sessionHeaders } from '../support/actors';
import { createOrder, removeCreatedDocuments, uniqueTag, type CreatedDocument } from '../support/fixtures';
import { newIntegration } from '../support/integrations';
import { postForm } from '../support/invoicing';

/**
 * The history's counters (migrations 0012, 0015, 0021) stay exact under concurrent writes: bulk
 * ingestion, order answers, invoicing and dismissals run at once on several connections, and then every
 * counter row is compared with a fresh count(*) of the documents grouped the same way.
 */
const SUPPLIER = 'supplier@portal.test';
const PREFIX = `HFC${uniqueTag()}`;
const TODAY = todayInSouthAfrica();

/**
 * The kind a counter counts a document under (migration 0023): a credit note (an invoice of sub-type
 * creditnote) apart from invoices, so the "Credit note" and "Invoice" filters total exactly. Written out
 * here rather than calling the migration's function, so a wrong function fails the comparison.
 */
const KIND = `case when xdoc_type_code = 'invoice' and xdoc_sub_type_code = 'creditnote' then 'creditnote' else xdoc_type_code end`;

/** Each counter, as the query of its rows and the same grouping counted from the documents. */
const COUNTERS: Record<string, { kept: string; counted: string }> = {
  history_counts: {
    kept: 'select subsidiary_id, vendor_id, xdoc_type_code, wf_status_code, total from history_counts',
    counted: `select subsidiary_id, vendor_id, ${KIND}, wf_status_code, count(*)::int from xdocs group by 1, 2, 3, 4`,
  },
  history_day_counts: {
    // Summed over the slots each transaction adds to (migration 0029).
    kept: 'select doc_date, subsidiary_id, sum(total)::int as total from history_day_counts group by 1, 2',
    counted: 'select doc_date, subsidiary_id, count(*)::int from xdocs group by 1, 2',
  },
  history_type_day_counts: {
    // Summed over the slots each transaction adds to (migration 0025).
    kept: 'select doc_date, subsidiary_id, xdoc_type_code, wf_status_code, sum(total)::int as total from history_type_day_counts group by 1, 2, 3, 4',
    counted: `select doc_date, subsidiary_id, ${KIND}, wf_status_code, count(*)::int from xdocs group by 1, 2, 3, 4`,
  },
  history_store_day_counts: {
    kept: 'select store_id, region_id, division_id, subsidiary_id, doc_date, total from history_store_day_counts',
    counted: `select coalesce(store_id, 0), coalesce(region_id, 0), coalesce(division_id, 0), subsidiary_id, doc_date, count(*)::int
      from xdocs group by 1, 2, 3, 4, 5`,
  },
  history_store_counts: {
    kept: 'select store_id, region_id, division_id, subsidiary_id, xdoc_type_code, wf_status_code, total from history_store_counts',
    counted: `select coalesce(store_id, 0), coalesce(region_id, 0), coalesce(division_id, 0), subsidiary_id, ${KIND}, wf_status_code,
      count(*)::int from xdocs group by 1, 2, 3, 4, 5, 6`,
  },
};

type Queryable = Pick<typeof pool, 'query'>;

/** Per counter, how many rows differ from a fresh count (a row at 0 is the same as no row). */
async function mismatches(on: Queryable = pool): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const [name, { kept, counted }] of Object.entries(COUNTERS)) {
    const nonZero = `select * from (${kept}) k where total <> 0`;
    const { rows } = await on.query<{ n: number }>(
      `select count(*)::int as n from ((${nonZero} except ${counted}) union all (${counted} except ${nonZero})) differing`,
    );
    found[name] = rows[0].n;
  }
  return found;
}

const EXACT = Object.fromEntries(Object.keys(COUNTERS).map((name) => [name, 0]));

let key: string;
const orders: CreatedDocument[] = [];

beforeAll(async () => {
  ({ key } = await newIntegration({ subsidiaries: ['SUB01'] }));
});

afterAll(async () => {
  // The ingested documents and what was raised against the orders go too (lines, audit entries cascade).
  const mine = `select id from xdocs where docno like '${PREFIX}%' or related_xdoc_id = any($1::bigint[])`;
  const ids = orders.map((o) => o.id);
  await pool.query(`update xdocs set related_xdoc_id = null where related_xdoc_id in (${mine})`, [ids]);
  await pool.query(`delete from xdocs where id in (${mine}) and not (id = any($1::bigint[]))`, [ids]);
  await removeCreatedDocuments();
  await pool.end();
});

/** One NDJSON body of `count` orders of V0001 at stores across two regions and days across three months. */
function bulkBody(client: number, count: number): string {
  const stores = ['S001', 'S002', 'S009', 'S010', 'S016'];
  return Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      type: 'order',
      docno: `${PREFIX}C${client}N${i}`,
      vendorCode: 'V0001',
      storeCode: stores[(client + i) % stores.length],
      docDate: `2026-0${1 + ((client + i) % 3)}-1${i % 10}`,
      lines: [{ lineNumber: 1, catalogueCode: '101001', qty: 2, amount: '10.00', taxPercent: 15 }],
    }),
  ).join('\n');
}

async function ingestBulk(client: number, count: number): Promise<string[]> {
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson' },
    body: bulkBody(client, count),
    duplex: 'half',
  };
  const response = await bulkRoute.POST(new Request('http://localhost/api/v1/documents/bulk', init), { params: Promise.resolve({}) });
  return (await response.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line).status as string);
}

async function answer(order: CreatedDocument, response: 'confirmed' | 'rejected'): Promise<number> {
  const answered = await callRoute(respondRoute, `/orders/${order.tinyMce}`, {
    method: 'PUT',
    headers: await sessionHeaders(SUPPLIER),
    params: { id: order.tinyMce },
    body: {
      orderResponse: {
        header: response === 'rejected' ? { response, reason: 'other', supplierRef: 'REF-1' } : { response },
        tinyMce: order.tinyMce,
        docno: order.docno,
      },
    },
  });
  return answered.status;
}

async function invoice(order: CreatedDocument, n: number): Promise<number> {
  const fields = {
    tinyMce: order.tinyMce,
    docno: order.docno,
    invoiceNumber: `H${Date.now().toString(36).toUpperCase().slice(-7)}${String(n).padStart(3, '0')}`,
    xdocInvoicedate: TODAY,
    deliverynoteNumber: 'DN-1',
    toFollow: '0',
    det: JSON.stringify([{ lineNumber: 1, qty: '4', amount: '10.00' }]),
  };
  return (await postForm(invoicesRoute, '/api/invoices', SUPPLIER, fields)).status;
}

async function dismiss(order: CreatedDocument): Promise<number> {
  const response = await callRoute(dismissRoute, `/api/orders/dismiss/${order.tinyMce}`, {
    headers: await sessionHeaders(SUPPLIER),
    params: { id: order.tinyMce },
  });
  return response.status;
}

describe('history counters under concurrent writes', () => {
  it('find a document changed with the triggers off (the comparison can fail)', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('set local session_replication_role = replica');
      await client.query(`update xdocs set wf_status_code = 'mixed', doc_date = '2019-07-07' where id = (select min(id) from xdocs)`);
      const found = await mismatches(client);
      for (const name of Object.keys(COUNTERS)) expect([name, found[name]]).not.toEqual([name, 0]);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('stay exact while bulk ingestion, answers, invoicing and dismissals run at once', async () => {
    expect(await mismatches()).toEqual(EXACT);
    const line = [{ qty: '4', amount: '10.00' }];
    for (let i = 0; i < 24; i++) {
      const answered = i >= 8;
      orders.push(
        await createOrder({
          vendorCode: 'V0001',
          storeCode: i % 2 ? 'S001' : 'S009',
          docDate: `2026-04-0${1 + (i % 9)}`,
          lines: line,
          ...(answered ? { respondedAt: new Date(), wfStatusCode: 'confirmed' } : {}),
          // Every other order to invoice is a return order: invoicing it raises a credit note.
          ...(answered && i < 16 && i % 2 ? { subType: 'return' } : {}),
        }),
      );
    }
    const [toAnswer, toInvoice, toDismiss] = [orders.slice(0, 8), orders.slice(8, 16), orders.slice(16)];

    // Seven clients at once (four ingesting, one answering, one invoicing, one dismissing), each a request at a time
    // as a user or a retailer's system would: within the connection pool, whose time-out a loaded machine reaches.
    const inTurn = async <T>(items: T[], act: (item: T, i: number) => Promise<number>) => {
      const statuses: number[] = [];
      for (const [i, item] of items.entries()) statuses.push(await act(item, i));
      return statuses;
    };
    const [ingested, answered, invoiced, dismissed] = await Promise.all([
      Promise.all([1, 2, 3, 4].map((client) => ingestBulk(client, 25))),
      inTurn(toAnswer, (order, i) => answer(order, i % 2 ? 'rejected' : 'confirmed')),
      inTurn(toInvoice, invoice),
      inTurn(toDismiss, dismiss),
    ]);

    expect(ingested.flat()).toHaveLength(100);
    expect(new Set(ingested.flat())).toEqual(new Set(['created']));
    expect(answered).toEqual(Array(8).fill(200));
    expect(invoiced).toEqual(Array(8).fill(201));
    expect(dismissed).toEqual(Array(8).fill(200));
    expect(await mismatches()).toEqual(EXACT);

    // Moving documents between days, stores and statuses, and removing them, keeps them exact too.
    await pool.query(
      `update xdocs set doc_date = doc_date - 1, store_id = case when store_id = 1 then null else store_id end
        where docno like $1 and docno like '%N1%'`,
      [`${PREFIX}%`],
    );
    await pool.query(`update xdocs set wf_status_code = 'outstanding' where docno like $1 and docno like '%N2%'`, [`${PREFIX}%`]);
    await pool.query(`delete from xdocs where docno like $1 and docno like '%N3%'`, [`${PREFIX}%`]);
    expect(await mismatches()).toEqual(EXACT);

    // Credit notes and invoices are counted apart: one raised of each kind, then an invoice turned into a
    // credit note and a credit note back into an invoice (only the sub-type changes).
    const raised = `select xdoc_sub_type_code as sub, count(*)::int as n from xdocs
      where xdoc_type_code = 'invoice' and related_xdoc_id = any($1::bigint[]) group by 1 order by 1`;
    const ids = toInvoice.map((o) => o.id);
    expect((await pool.query(raised, [ids])).rows).toEqual([
      { sub: 'creditnote', n: 4 },
      { sub: 'normal', n: 4 },
    ]);
    await pool.query(
      `update xdocs set xdoc_sub_type_code = case when xdoc_sub_type_code = 'creditnote' then 'normal' else 'creditnote' end
        where id in (select min(id) from xdocs where xdoc_type_code = 'invoice' and related_xdoc_id = any($1::bigint[]) group by xdoc_sub_type_code)`,
      [ids],
    );
    expect(await mismatches()).toEqual(EXACT);
  });
});

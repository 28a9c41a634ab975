import { GET as deliveryNotesRoute } from '@/app/api/delivery-notes/route';
import { GET as disputesRoute } from '@/app/api/disputes/route';
import { GET as returnedRoute } from '@/app/api/orders/returned/route';
import { GET as ordersRoute } from '@/app/api/orders/route';
import { GET as remittancesRoute } from '@/app/api/remittance-advices/route';
import { GET as xdocRoute } from '@/app/api/xdocs/[id]/route';
import { pool } from '@/db/client';
import { callRoute, sessionHeaders } from '../support/actors';
import { createDocument, createOrder, removeCreatedDocuments, uniqueTag, vendorByCode } from '../support/fixtures';
import { INBOX_LIST_DOCUMENTS } from '../support/inbox';

/* The inbox filters added for real users: any part of a number, one vendor, and reversed date ranges refused. */
const SUPPLIER = 'supplier@portal.test'; // V0001 and V0002
const OTHER = 'other.supplier@portal.test'; // V0003

type Row = { id: number; docno: string; vendorCode: string; vendorName: string };
type Body = { xdocs: Row[] | { xdoc: Row[] }; resultPager: { totalResults: number; totalPages: number } };
type Handler = typeof ordersRoute;

afterAll(async () => {
  await removeCreatedDocuments();
  await pool.end();
});

async function get(handler: Handler, url: string, email = SUPPLIER): Promise<Response> {
  return callRoute(handler, url, { headers: await sessionHeaders(email) });
}

async function list(handler: Handler, url: string, email = SUPPLIER): Promise<{ rows: Row[]; total: number }> {
  const response = await get(handler, url, email);
  expect(response.status).toBe(200);
  const body = (await response.json()) as Body;
  return { rows: Array.isArray(body.xdocs) ? body.xdocs : body.xdocs.xdoc, total: body.resultPager.totalResults };
}

const LISTS: [string, Handler, string][] = [
  ['/api/orders', ordersRoute, INBOX_LIST_DOCUMENTS.open_purchase],
  ['/api/orders/returned', returnedRoute, INBOX_LIST_DOCUMENTS.open_return],
  ['/api/orders/returned?responded=true', returnedRoute, INBOX_LIST_DOCUMENTS.responded_return],
  ['/api/delivery-notes', deliveryNotesRoute, INBOX_LIST_DOCUMENTS.unread_deliverynote],
  ['/api/disputes', disputesRoute, INBOX_LIST_DOCUMENTS.unread_dispute],
  ['/api/remittance-advices', remittancesRoute, INBOX_LIST_DOCUMENTS.unread_remittance],
];
const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

async function countOf(where: string, params: unknown[] = []): Promise<number> {
  const { rows } = await pool.query(`select count(*)::int as n from xdocs x where ${where}`, params);
  return rows[0].n;
}

describe('docno matches any part of the number', () => {
  it('finds a document by a fragment from the middle of its number, in any case, and only that one', async () => {
    const tag = uniqueTag();
    const mine = await createOrder({ vendorCode: 'V0002', docno: `PO${tag}X4632Q${tag}` });
    await createOrder({ vendorCode: 'V0001', docno: `PO${tag}X4633Q${tag}` });
    const theirs = await createOrder({ vendorCode: 'V0003', docno: `PO${tag}X4632Q${tag}-OTHER` });
    const fragment = `${tag.slice(-3)}x4632q`;

    const found = await list(ordersRoute, `/api/orders?docno=${fragment}`);
    expect(found.rows.map((r) => r.docno)).toEqual([mine.docno]);
    expect(found.total).toBe(1);
    // The other supplier finds its own document with the same fragment, never the first supplier's.
    const other = await list(ordersRoute, `/api/orders?docno=${fragment.toUpperCase()}`, OTHER);
    expect(other.rows.map((r) => r.docno)).toEqual([theirs.docno]);
    // The end of a number is a part of it too.
    expect((await list(ordersRoute, `/api/orders?docno=Q${tag}`)).rows.map((r) => r.docno).sort()).toEqual(
      [`PO${tag}X4632Q${tag}`, `PO${tag}X4633Q${tag}`].sort(),
    );
  });

  it('finds seeded numbers by a fragment after their zeros, on every list', async () => {
    for (const [path, handler, predicate] of LISTS) {
      const { rows } = await pool.query(
        `select x.docno from xdocs x join vendors v on v.id = x.vendor_id
          where v.code in ('V0001', 'V0002') and ${predicate} and x.docno ~ '^[A-Z]+0+[1-9][0-9]{2,}$' order by x.id limit 1`,
      );
      if (!rows.length) continue;
      const docno = rows[0].docno as string;
      const fragment = docno.replace(/^[A-Z]+0+/, '').slice(0, 4); // '4632' of PO00004632
      const found = await list(handler, withQuery(path, `docno=${fragment}&results=500`));
      expect(found.rows.map((r) => r.docno)).toContain(docno);
      expect(found.rows.every((r) => r.docno.toLowerCase().includes(fragment.toLowerCase()))).toBe(true);
      expect(found.total).toBe(
        await countOf(
          `x.vendor_id in (select id from vendors where code in ('V0001', 'V0002')) and ${predicate} and strpos(lower(x.docno), $1) > 0`,
          [fragment.toLowerCase()],
        ),
      );
    }
  });

  it('matches one or two characters anywhere, and LIKE wildcards only as themselves', async () => {
    const tag = uniqueTag();
    const wild = await createDocument({ vendorCode: 'V0001', type: 'dispute', reasonCode: 'Q', docno: `DSP${tag}A_%B` });
    const plain = await createDocument({ vendorCode: 'V0002', type: 'dispute', reasonCode: 'Q', docno: `DSP${tag}AXYB` });

    for (const fragment of ['_%', '%', '_', 'a_%b']) {
      const found = await list(disputesRoute, `/api/disputes?docno=${encodeURIComponent(fragment)}&results=500`);
      expect(found.rows.map((r) => r.docno)).toEqual([wild.docno]);
    }
    // Two characters from the middle of a number.
    const two = await list(disputesRoute, `/api/disputes?docno=xy&results=500`);
    expect(two.rows.map((r) => r.docno)).toContain(plain.docno);
    expect(two.rows.every((r) => r.docno.toLowerCase().includes('xy'))).toBe(true);
    expect(two.total).toBe(
      await countOf(
        `x.vendor_id in (select id from vendors where code in ('V0001', 'V0002')) and x.xdoc_type_code = 'dispute' and x.is_read = false and x.docno ilike '%xy%'`,
      ),
    );
  });

  it('keeps a docno search in the chosen sort across pages', async () => {
    const tag = uniqueTag();
    for (const [i, total] of ['3', '1', '2', '1', '5'].entries())
      await createDocument({
        vendorCode: i % 2 ? 'V0001' : 'V0002',
        type: 'remittance',
        docno: `RA${tag}M${i}`,
        lines: [{ amount: total, qty: '1' }],
      });
    const page = (n: number) =>
      list(remittancesRoute, `/api/remittance-advices?docno=${tag.toLowerCase()}m&sort=xdocTotalIncl&direction=desc&results=2&page=${n}`);
    const [p1, p2, p3] = [await page(1), await page(2), await page(3)];
    expect([...p1.rows, ...p2.rows, ...p3.rows].map((r) => r.docno)).toEqual([
      `RA${tag}M4`,
      `RA${tag}M0`,
      `RA${tag}M2`,
      `RA${tag}M3`,
      `RA${tag}M1`,
    ]);
    expect(p3.total).toBe(5);
  });
});

describe('vendor filter', () => {
  it('narrows every list to one of the supplier’s vendors, with the exact total and the vendor named', async () => {
    const v2 = await vendorByCode('V0002');
    const order = await createOrder({ vendorCode: 'V0002' });
    await createOrder({ vendorCode: 'V0001' });
    for (const [path, handler, predicate] of LISTS) {
      const all = await list(handler, withQuery(path, 'results=500'));
      const found = await list(handler, withQuery(path, `vendor=${v2.id}&results=500`));
      const expected = await countOf(`x.vendor_id = $1 and ${predicate}`, [v2.id]);
      expect(found.total).toBe(expected);
      expect(found.rows).toHaveLength(expected);
      expect(found.rows.every((r) => r.vendorCode === 'V0002' && r.vendorName === v2.name)).toBe(true);
      if (all.rows.some((r) => r.vendorCode === 'V0001')) expect(found.total).toBeLessThan(all.total);
    }
    // The document itself names its vendor as the list rows do.
    const response = await callRoute(xdocRoute, `/api/xdocs/${order.tinyMce}`, {
      headers: await sessionHeaders(SUPPLIER),
      params: { id: order.tinyMce },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).xdoc).toMatchObject({ vendorCode: 'V0002', vendorName: v2.name });
  });

  it('combines with the store filter, sorting and paging', async () => {
    const v1 = await vendorByCode('V0001');
    const order = await createOrder({ vendorCode: 'V0001', storeCode: 'S007' });
    await createOrder({ vendorCode: 'V0002', storeCode: 'S007' });
    const predicate = `x.vendor_id = $1 and x.store_id = $2 and x.xdoc_type_code = 'order' and x.responded_at is null and x.xdoc_sub_type_code is distinct from 'return'`;
    const expected = (
      await pool.query(`select x.id from xdocs x where ${predicate} order by x.docno desc, x.id desc`, [v1.id, order.storeId])
    ).rows.map((r) => Number(r.id));
    const found = await list(ordersRoute, `/api/orders?vendor=${v1.id}&store=${order.storeId}&sort=docno&direction=desc&results=500`);
    expect(found.rows.map((r) => r.id)).toEqual(expected);
    expect(found.total).toBe(expected.length);
    const second = await list(ordersRoute, `/api/orders?vendor=${v1.id}&store=${order.storeId}&sort=docno&direction=desc&results=1&page=2`);
    expect(second.rows.map((r) => r.id)).toEqual(expected.slice(1, 2));
  });

  it('gives another supplier’s vendor an empty page with total 0, never its documents', async () => {
    const v3 = await vendorByCode('V0003');
    const tag = uniqueTag();
    await createOrder({ vendorCode: 'V0003', docno: `PO${tag}FOREIGN` });
    await createDocument({ vendorCode: 'V0003', type: 'deliverynote', docno: `DN${tag}FOREIGN` });
    for (const [path, handler, predicate] of LISTS) {
      // The vendor does have documents on these lists; the supplier just may not see them.
      if (path === '/api/orders' || path === '/api/delivery-notes')
        expect(await countOf(`x.vendor_id = $1 and ${predicate}`, [v3.id])).toBeGreaterThan(0);
      for (const query of [`vendor=${v3.id}`, `vendor=${v3.id}&sort=docDate`, `vendor=${v3.id}&docno=${tag}`, `vendor=${v3.id}&store=1`]) {
        const response = await get(handler, withQuery(path, query));
        expect(response.status).toBe(200);
        const body = (await response.json()) as Body;
        expect(Array.isArray(body.xdocs) ? body.xdocs : body.xdocs.xdoc).toEqual([]);
        expect(body.resultPager).toMatchObject({ totalResults: 0, totalPages: 0 });
      }
    }
    // Its owner sees them under the same filter.
    const own = await list(ordersRoute, `/api/orders?vendor=${v3.id}&docno=${tag}`, OTHER);
    expect(own.rows.map((r) => r.docno)).toEqual([`PO${tag}FOREIGN`]);
  });

  it('refuses a vendor that is not a positive whole number', async () => {
    for (const [query, message] of [
      ['vendor=abc', 'vendor must be a number.'],
      ['vendor=0', 'vendor must be at least 1.'],
      ['vendor=1.5', 'vendor must be a whole number.'],
    ]) {
      const response = await get(ordersRoute, `/api/orders?${query}`);
      expect(response.status).toBe(422);
      expect((await response.json()).message).toBe(message);
    }
  });
});

describe('a reversed date range', () => {
  const CASES = [
    ['deliveryDateFrom=2026-03-10&deliveryDateTo=2026-03-09', 'deliveryDateTo', 'The delivery to date is before the delivery from date.'],
    ['fromDate=2026-03-10&toDate=2026-03-01', 'toDate', 'The to date is before the from date.'],
    ['dateFrom=2026-12-01&dateTo=2026-11-30', 'dateTo', 'The to date is before the from date.'],
  ] as const;

  it.each(CASES)('%s → 422 naming the "to" field, and nothing else; one day or one end is a range', async (query, field, message) => {
    for (const [path, handler] of LISTS) {
      const response = await get(handler, withQuery(path, query));
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ message, errors: { [field]: [message] } });
    }
    const [from, to] = query.split('&');
    const oneDay = `${from}&${to.split('=')[0]}=${from.split('=')[1]}`;
    for (const ok of [oneDay, from, to]) expect((await get(ordersRoute, `/api/orders?${ok}`)).status).toBe(200);
  });
});

import { GET as historyRoute } from '@/app/api/history/documents/route';
import { pool } from '@/db/client';
import { createDocument, removeCreatedDocuments } from '../support/fixtures';
import { countOf, get, RETAIL_USER, STAFF, SUPPLIER, subsidiaryId, type HistoryBody } from './helpers';

afterAll(async () => {
  await removeCreatedDocuments();
  await pool.end();
});

async function search(query: string, email = STAFF): Promise<HistoryBody> {
  const response = await get(historyRoute, `/api/history/documents?${query}`, email);
  expect(response.status).toBe(200);
  return (await response.json()) as HistoryBody;
}

async function some(column: string): Promise<string> {
  const { rows } = await pool.query(
    `select ${column}::text as v from xdocs where ${column} is not null group by 1 order by count(*) desc limit 1`,
  );
  return rows[0].v;
}

describe('GET /history/documents', () => {
  it('answers xdocs and resultPager, newest first, with the exact total', async () => {
    const body = await search('results=10');
    expect(body.resultPager).toEqual({
      results: 10,
      resultPage: 1,
      totalPages: Math.ceil((await countOf('true')) / 10),
      totalResults: await countOf('true'),
    });
    expect(body.xdocs).toHaveLength(10);
    const dates = body.xdocs.map((x) => x.docDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('narrows by every filter of the history filter, each to exactly the matching documents', async () => {
    const [store, region, division] = [await some('store_id'), await some('region_id'), await some('division_id')];
    const sub2 = await subsidiaryId('SUB02');
    const { rows: vendorRow } = await pool.query(`select v.code, v.id from vendors v where v.code = 'V0001'`);
    const { rows: tiny } = await pool.query(`select tiny_mce from subsidiaries where code = 'SUB01'`);
    const cases: [string, string, unknown[]][] = [
      ['xdocTypeCode=invoice', `x.xdoc_type_code = 'invoice' and x.xdoc_sub_type_code is distinct from 'creditnote'`, []],
      ['xdocTypeCode=creditnote', `x.xdoc_type_code = 'invoice' and x.xdoc_sub_type_code = 'creditnote'`, []],
      ['wfStatusCode=outstanding', `x.wf_status_code = 'outstanding'`, []],
      [`store=${store}`, 'x.store_id = $1', [store]],
      [`subsidiary=${sub2}`, 'x.subsidiary_id = $1', [sub2]],
      [`subsidiary=${sub2}&vendorCode=v0001`, 'x.subsidiary_id = $1 and x.vendor_id = $2', [sub2, vendorRow[0].id]],
      [`region=${region}`, 'x.region_id = $1', [region]],
      [`division=${division}`, 'x.division_id = $1', [division]],
      [`custaccountTinyMce=${tiny[0].tiny_mce}`, `x.subsidiary_id = (select id from subsidiaries where code = 'SUB01')`, []],
      ['fromDate=2026-06-01&toDate=2026-06-30', `x.doc_date between '2026-06-01' and '2026-06-30'`, []],
      [
        'xdocTypeCode=order&wfStatusCode=confirmed&fromDate=2026-01-01',
        `x.xdoc_type_code = 'order' and x.wf_status_code = 'confirmed' and x.doc_date >= '2026-01-01'`,
        [],
      ],
    ];
    const all = await countOf('true');
    for (const [query, where, params] of cases) {
      const expected = await countOf(where, params);
      const body = await search(`${query}&results=500`);
      expect([query, body.resultPager.totalResults]).toEqual([query, expected]);
      expect(expected).toBeGreaterThan(0);
      expect(expected).toBeLessThan(all);
      const ids = body.xdocs.map((x) => x.id);
      const { rows } = await pool.query(`select count(*)::int as n from xdocs x where x.id = any($${params.length + 1}) and ${where}`, [
        ...params,
        ids,
      ]);
      expect(rows[0].n).toBe(ids.length);
    }
  });

  it('pages and sorts over the whole filtered list', async () => {
    const first = await search('xdocTypeCode=order&results=5&page=1&sort=docno&direction=asc');
    const second = await search('xdocTypeCode=order&results=5&page=2&sort=docno&direction=asc');
    const { rows } = await pool.query(`select docno from xdocs where xdoc_type_code = 'order' order by docno, id limit 10`);
    expect([...first.xdocs, ...second.xdocs].map((x) => x.docno)).toEqual(rows.map((r) => r.docno));
    expect(second.resultPager.resultPage).toBe(2);
    const desc = await search('results=3&sort=xdocTotalIncl&direction=desc');
    const { rows: top } = await pool.query(`select id from xdocs order by xdoc_total_incl desc, id desc limit 3`);
    expect(desc.xdocs.map((x) => x.id)).toEqual(top.map((r) => r.id));
  });

  it('shows a c_user only its own subsidiary, whatever it asks for', async () => {
    const sub1 = await subsidiaryId('SUB01');
    const sub2 = await subsidiaryId('SUB02');
    const mine = await search('results=500', RETAIL_USER);
    expect(mine.resultPager.totalResults).toBe(await countOf('x.subsidiary_id = $1', [sub1]));
    expect(new Set(mine.xdocs.map((x) => x.custaccountName))).toEqual(new Set(['Protea Supermarkets']));
    const theirs = await search(`subsidiary=${sub2}`, RETAIL_USER);
    expect(theirs.resultPager.totalResults).toBe(0);
    expect(theirs.xdocs).toEqual([]);
  });

  it('refuses a vendor code without a subsidiary with "Please select subsidiary"', async () => {
    const response = await get(historyRoute, '/api/history/documents?vendorCode=V0001', STAFF);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ message: 'Please select subsidiary', errors: { subsidiary: ['Please select subsidiary'] } });
  });

  it.each([
    ['xdocTypeCode=letter', 'xdocTypeCode'],
    ['wfStatusCode=lost', 'wfStatusCode'],
    ['store=abc', 'store'],
    ['results=0', 'results'],
    ['results=501', 'results'],
    ['page=-1', 'page'],
    ['fromDate=2026-02-30', 'fromDate'],
    ['fromDate=2026-06-10&toDate=2026-06-01', 'toDate'],
    ['sort=branch', 'sort'],
    ['direction=up', 'direction'],
    ['subsidiary=1&vendorCode=%3Cscript%3E', 'vendorCode'],
  ])('refuses %s with 422 naming %s', async (query, field) => {
    const response = await get(historyRoute, `/api/history/documents?${query}`, STAFF);
    expect(response.status).toBe(422);
    const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toContain(field);
    expect(body.message).toBeTruthy();
  });

  it('keeps the counter-backed totals exact as documents are added, change status or subsidiary, and go', async () => {
    const sub1 = await subsidiaryId('SUB01');
    const sub3 = await subsidiaryId('SUB03');
    const { rows: v } = await pool.query(`select id from vendors where code = 'V0004'`);
    const totals = async () => ({
      disputes: (await search(`xdocTypeCode=dispute&subsidiary=${sub1}&vendorCode=V0004`)).resultPager.totalResults,
      responded: (await search('wfStatusCode=responded')).resultPager.totalResults,
      all: (await search('results=1')).resultPager.totalResults,
      mine: (await search('results=1', RETAIL_USER)).resultPager.totalResults,
    });
    const counted = async () => ({
      disputes: await countOf(`x.xdoc_type_code = 'dispute' and x.subsidiary_id = $1 and x.vendor_id = $2`, [sub1, v[0].id]),
      responded: await countOf(`x.wf_status_code = 'responded'`),
      all: await countOf('true'),
      mine: await countOf('x.subsidiary_id = $1', [sub1]),
    });
    const before = await totals();
    expect(before).toEqual(await counted());
    const doc = await createDocument({ vendorCode: 'V0004', type: 'dispute', storeCode: 'S001' });
    expect(await totals()).toEqual({ ...before, disputes: before.disputes + 1, all: before.all + 1, mine: before.mine + 1 });
    await pool.query(`update xdocs set wf_status_code = 'responded' where id = $1`, [doc.id]);
    expect(await totals()).toEqual({
      ...before,
      disputes: before.disputes + 1,
      responded: before.responded + 1,
      all: before.all + 1,
      mine: before.mine + 1,
    });
    await pool.query(`update xdocs set subsidiary_id = $2 where id = $1`, [doc.id, sub3]);
    expect(await totals()).toEqual({ ...before, responded: before.responded + 1, all: before.all + 1 });
    await removeCreatedDocuments();
    expect(await totals()).toEqual(before);
    expect(await totals()).toEqual(await counted());
  });

  it('has no history for suppliers', async () => {
    expect((await get(historyRoute, '/api/history/documents', SUPPLIER)).status).toBe(403);
  });
});

import { sql } from 'drizzle-orm';
import { GET as documentsRoute } from '@/app/api/history/documents/route';
import { db, pool } from '@/db/client';
import { countHistory, historySearch } from '@/lib/domain/history/queries';
import { historyFilterSchema } from '@/lib/domain/history/schemas';
import { cappedResultPager } from '@/lib/domain/paging';
import { actorFor } from '../support/actors';
import { get, RETAIL_ADMIN, RETAIL_USER, STAFF, type HistoryBody } from './helpers';

afterAll(() => pool.end());

/** The filters alone, the bench's pairs (bench/history.ts) and the combinations each counter serves. */
async function filterQueries(): Promise<string[]> {
  const { rows } = await pool.query(`select
    (select store_id from xdocs where store_id is not null group by 1 order by count(*) desc limit 1) as store,
    (select region_id from xdocs where region_id is not null group by 1 order by count(*) desc limit 1) as region,
    (select division_id from xdocs where division_id is not null group by 1 order by count(*) desc limit 1) as division,
    (select id from subsidiaries where code = 'SUB01') as subsidiary,
    (select tiny_mce from subsidiaries where code = 'SUB02') as custaccount`);
  const p = rows[0];
  const dates = 'fromDate=2026-03-01&toDate=2026-05-31';
  return [
    'xdocTypeCode=invoice',
    'xdocTypeCode=creditnote',
    'wfStatusCode=confirmed',
    `store=${p.store}`,
    `subsidiary=${p.subsidiary}`,
    `region=${p.region}`,
    `division=${p.division}`,
    `custaccountTinyMce=${p.custaccount}`,
    dates,
    'toDate=2026-01-31',
    `subsidiary=${p.subsidiary}&xdocTypeCode=order`,
    `subsidiary=${p.subsidiary}&wfStatusCode=confirmed`,
    `store=${p.store}&${dates}`,
    `xdocTypeCode=invoice&${dates}`,
    `xdocTypeCode=creditnote&${dates}`,
    `store=${p.store}&xdocTypeCode=creditnote`,
    `subsidiary=${p.subsidiary}&vendorCode=V0001&xdocTypeCode=creditnote`,
    `subsidiary=${p.subsidiary}&vendorCode=V0001`,
    `store=${p.store}&wfStatusCode=received`,
    `region=${p.region}&xdocTypeCode=order&subsidiary=${p.subsidiary}`,
    `division=${p.division}&fromDate=2026-04-01`,
    `wfStatusCode=received&subsidiary=${p.subsidiary}&${dates}`,
    // No counter holds these: counted from the documents, up to the cap.
    `subsidiary=${p.subsidiary}&vendorCode=V0001&${dates}`,
    `store=${p.store}&wfStatusCode=received&${dates}`,
  ];
}

describe('history totals', () => {
  it('equal a fresh count for every filter alone and in the usual pairs, for staff and for retailer users', async () => {
    const queries = await filterQueries();
    for (const email of [STAFF, RETAIL_USER, RETAIL_ADMIN]) {
      const actor = await actorFor(email);
      for (const query of queries) {
        const filter = historyFilterSchema.parse(Object.fromEntries(new URLSearchParams(query)));
        const { where } = await historySearch(actor.scope, filter);
        const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from xdocs where ${where}`)).rows;
        const response = await get(documentsRoute, `/api/history/documents?${query}&results=5`, email);
        const { resultPager } = (await response.json()) as HistoryBody & { resultPager: { totalCapped?: true } };
        expect([email, query, resultPager.totalResults, resultPager.totalCapped]).toEqual([email, query, n, undefined]);
      }
    }
  });

  it('count credit notes apart from invoices: each type lists only its own documents', async () => {
    const actor = await actorFor(STAFF);
    const counted = async (query: string) => {
      const filter = historyFilterSchema.parse(Object.fromEntries(new URLSearchParams(query)));
      const { total } = await historySearch(actor.scope, filter);
      return countHistory(total);
    };
    const { rows } = await pool.query<{ credit: number; invoice: number }>(`select
      count(*) filter (where xdoc_sub_type_code = 'creditnote')::int as credit,
      count(*) filter (where xdoc_sub_type_code is distinct from 'creditnote')::int as invoice
      from xdocs where xdoc_type_code = 'invoice'`);
    expect(rows[0].credit).toBeGreaterThan(0);
    expect(await counted('xdocTypeCode=creditnote')).toBe(rows[0].credit);
    expect(await counted('xdocTypeCode=invoice')).toBe(rows[0].invoice);
    const response = await get(documentsRoute, '/api/history/documents?xdocTypeCode=creditnote&results=500', STAFF);
    const { xdocs } = (await response.json()) as HistoryBody;
    expect(xdocs.length).toBe(rows[0].credit);
    expect(new Set(xdocs.map((d) => `${d.xdocTypeCode}/${d.xdocSubTypeCode}`))).toEqual(new Set(['invoice/creditnote']));
  });

  it('count what no counter holds only up to the cap, and say there are more', async () => {
    const actor = await actorFor(STAFF);
    const filter = historyFilterSchema.parse({ subsidiary: '1', vendorCode: 'V0001', fromDate: '2025-01-01' });
    const { total, capped } = await historySearch(actor.scope, filter, { cap: 2 });
    expect(capped).toBe(2);
    expect(await countHistory(total)).toBe(3);
    expect(cappedResultPager(50, 1, 3, 2)).toEqual({ results: 50, resultPage: 1, totalPages: 1, totalResults: 2, totalCapped: true });
    expect(cappedResultPager(50, 1, 2, 2)).toEqual({ results: 50, resultPage: 1, totalPages: 1, totalResults: 2 });
    // A filter a counter holds is exact, however large.
    expect((await historySearch(actor.scope, historyFilterSchema.parse({ fromDate: '2025-01-01' }), { cap: 2 })).capped).toBeNull();
  });
});

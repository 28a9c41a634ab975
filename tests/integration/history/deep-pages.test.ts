import { actorOfUser } from '@/lib/auth/actor';
import { queryPlannedForValues, pool } from '@/db/client';
import { PgDialect } from 'drizzle-orm/pg-core';
import { DEEP_PAGE_OFFSET, historyPageStatement } from '@/lib/domain/history/queries';
import { historyFilterSchema } from '@/lib/domain/history/schemas';
import { createDocument, removeCreatedDocuments } from '../support/fixtures';
import { RETAIL_ADMIN, RETAIL_USER, STAFF, storeOf, subsidiaryId } from './helpers';

afterAll(async () => {
  await removeCreatedDocuments();
  await pool.end();
});

async function scopeOf(email: string) {
  const { rows } = await pool.query('select id from users where email = $1', [email]);
  return (await actorOfUser(rows[0].id))!.scope;
}

/** Days no other suite uses, so their counter rows are this suite's alone. */
const DAYS = ['2019-03-01', '2019-03-02', '2019-03-03', '2019-03-04'];

async function dayCounters(): Promise<Record<string, number>> {
  const { rows } = await pool.query(
    `select doc_date::text || '/' || subsidiary_id as k, sum(total)::int as total from history_day_counts
     where doc_date = any($1::date[]) group by 1 having sum(total) <> 0`,
    [DAYS],
  );
  return Object.fromEntries(rows.map((r) => [r.k, r.total]));
}

async function countedDays(): Promise<Record<string, number>> {
  const { rows } = await pool.query(
    `select doc_date::text || '/' || subsidiary_id as k, count(*)::int as total from xdocs where doc_date = any($1::date[]) group by 1`,
    [DAYS],
  );
  return Object.fromEntries(rows.map((r) => [r.k, r.total]));
}

describe('history day counters (deep pages)', () => {
  it('stay exact as documents are added, move to another day or subsidiary, and go', async () => {
    expect(await dayCounters()).toEqual({});
    const sub1 = await subsidiaryId('SUB01');
    const sub2 = await subsidiaryId('SUB02');
    const other = await storeOf('SUB02');
    const docs = [];
    for (const [i, day] of DAYS.entries()) {
      docs.push(await createDocument({ vendorCode: 'V0001', docDate: day }));
      docs.push(await createDocument({ vendorCode: 'V0002', docDate: day, storeCode: i % 2 ? other.code : 'S001' }));
    }
    expect(await dayCounters()).toEqual(await countedDays());
    expect((await dayCounters())[`${DAYS[0]}/${sub1}`]).toBe(2);

    await pool.query('update xdocs set doc_date = $2 where id = $1', [docs[0].id, DAYS[3]]);
    await pool.query('update xdocs set subsidiary_id = $2 where id = $1', [docs[2].id, sub2]);
    // A change of anything else leaves them alone.
    await pool.query(`update xdocs set wf_status_code = 'responded' where id = $1`, [docs[4].id]);
    expect(await dayCounters()).toEqual(await countedDays());
    expect((await dayCounters())[`${DAYS[0]}/${sub1}`]).toBe(1);

    // Several changes of one document in one transaction count once, at commit.
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('update xdocs set doc_date = $2 where id = $1', [docs[6].id, DAYS[0]]);
      await client.query('update xdocs set doc_date = $2, subsidiary_id = $3 where id = $1', [docs[6].id, DAYS[1], sub2]);
      await client.query('commit');
    } finally {
      client.release();
    }
    expect(await dayCounters()).toEqual(await countedDays());

    await removeCreatedDocuments();
    expect(await dayCounters()).toEqual({});
  });

  it('let a deep page start at the day of its offset and hold exactly the rows stepping over every newer one finds', async () => {
    // Enough documents over the days for pages to start mid-day, on a day's first row and past the end.
    for (const [i, day] of DAYS.entries())
      for (let n = 0; n < 5 + i; n++) await createDocument({ vendorCode: n % 2 ? 'V0001' : 'V0003', docDate: day, lines: 1 });
    const sub1 = await subsidiaryId('SUB01');
    const { rows: total } = await pool.query('select count(*)::int as n from xdocs');
    const dialect = new PgDialect();
    const cases: [string, Record<string, string>][] = [
      [STAFF, {}],
      [STAFF, { subsidiary: String(sub1) }],
      [RETAIL_USER, {}],
      [RETAIL_ADMIN, {}],
      [RETAIL_ADMIN, { subsidiary: String(sub1) }],
    ];
    for (const [email, query] of cases) {
      const scope = await scopeOf(email);
      const results = 7;
      for (let page = 1; page <= Math.ceil(total[0].n / results) + 1; page++) {
        const filter = historyFilterSchema.parse({ ...query, results: String(results), page: String(page) });
        const deep = await historyPageStatement(scope, filter, { deepFrom: 0 });
        const stepped = await historyPageStatement(scope, filter, { deepFrom: Infinity });
        expect(dialect.sqlToQuery(deep.page).sql).toContain('history_day_counts');
        expect(dialect.sqlToQuery(stepped.page).sql).not.toContain('history_day_counts');
        const ids = async (statement: typeof deep.page) => (await queryPlannedForValues<{ id: number }>(statement)).map((r) => r.id);
        expect({ email, query, page, ids: await ids(deep.page) }).toEqual({ email, query, page, ids: await ids(stepped.page) });
      }
    }
  });

  it('is used from DEEP_PAGE_OFFSET on, only in the default order and with no filter but the subsidiary', async () => {
    const scope = await scopeOf(STAFF);
    const usesDays = async (query: Record<string, string>) =>
      new PgDialect()
        .sqlToQuery((await historyPageStatement(scope, historyFilterSchema.parse({ results: '50', ...query }))).page)
        .sql.includes('history_day_counts');
    const deepPage = String(DEEP_PAGE_OFFSET / 50 + 1);
    expect(await usesDays({ page: deepPage })).toBe(true);
    expect(await usesDays({ page: String(DEEP_PAGE_OFFSET / 50) })).toBe(false);
    expect(await usesDays({ page: deepPage, sort: 'docno', direction: 'asc' })).toBe(false);
    expect(await usesDays({ page: deepPage, xdocTypeCode: 'order' })).toBe(false);
    expect(await usesDays({ page: deepPage, store: '1' })).toBe(false);
    expect(await usesDays({ page: deepPage, fromDate: '2026-01-01' })).toBe(false);
    expect(await usesDays({ page: deepPage, subsidiary: '1' })).toBe(true);
  });
});

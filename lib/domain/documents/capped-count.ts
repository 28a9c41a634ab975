import { sql, type SQL } from 'drizzle-orm';
import { xdocs } from '../../../db/schema';
import { TOTAL_CAP } from '../paging';

/**
 * How many documents match `where`, counted up to `cap` + 1 and no further: a total no counter holds
 * (a part-number search, an unusual combination of filters) then costs at most cap + 1 index entries
 * however many documents match. More than `cap` is shown as "more than 10,000" (cappedResultPager;
 * docs/api.md, Departures from the spec).
 */
export function cappedCountSql(where: SQL, cap = TOTAL_CAP): SQL {
  return sql`(select count(*)::int from (select 1 from ${xdocs} where ${where} limit ${sql.raw(String(cap + 1))}) capped)`;
}

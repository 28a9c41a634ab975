import { parseArgs } from 'node:util';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { Scope } from '../lib/auth/scope';
import { summariesPageJsonQuery } from '../lib/domain/documents/summary';
import { inboxPageQuery, plannedForValues, type InboxListName } from '../lib/domain/inbox/queries';
import { INBOX_SORT_KEYS, inboxFilterSchema } from '../lib/domain/inbox/schemas';
import { env } from '../lib/env';
import { sessionOptions } from '../db/client';

/**
 * EXPLAIN (ANALYZE) of inbox page statements exactly as the portal sends them: built by the domain
 * code for a seeded supplier's scope, planned as the portal plans them (a generic plan; a docno search
 * for its values), run once to warm up and then --runs times (default 3): the median execution time. For a big seed:
 *
 *   DATABASE_URL=postgresql://…/portal_sortcheck npx tsx bench/explain-lists.ts [--email E] [--runs N] [--plan] [--generic] [query …]
 *
 * A query is a list and its query string, e.g. `open_purchase?sort=docno&direction=desc&page=40`;
 * without any, the sorted pages of open purchase orders: every key, both directions, pages 1 and 40,
 * with and without a store filter.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string', default: 'supplier@portal.test' },
    plan: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    // Every statement with a generic plan, docno searches too: what planning them for their text saves.
    generic: { type: 'boolean', default: false },
  },
});

const dialect = new PgDialect({ casing: 'snake_case' });

function defaultQueries(store: number): string[] {
  const queries: string[] = [];
  for (const sort of INBOX_SORT_KEYS)
    for (const direction of ['asc', 'desc'])
      for (const page of [1, 40])
        for (const atStore of [false, true])
          queries.push(`open_purchase?sort=${sort}&direction=${direction}&page=${page}${atStore ? `&store=${store}` : ''}`);
  return queries;
}

// With the web's session settings (db/client.ts), JIT off among them.
const client = new pg.Client({ connectionString: env.DATABASE_URL, options: sessionOptions('web') });
await client.connect();
try {
  const { rows: links } = await client.query<{ vendor_id: number; can_write: boolean }>(
    'select uv.vendor_id, uv.can_write from user_vendors uv join users u on u.id = uv.user_id where u.email = $1 order by uv.vendor_id',
    [values.email],
  );
  const read = links.map((l) => l.vendor_id);
  const scope = new Scope({ kind: 'vendors', read, write: links.filter((l) => l.can_write).map((l) => l.vendor_id) });
  // The store with most of this supplier's open orders: the heaviest store filter.
  const { rows: stores } = await client.query<{ store_id: number }>(
    `select store_id from inbox_counts where list = 'open_purchase' and vendor_id = any($1) and store_id <> 0
     group by store_id order by sum(total) desc limit 1`,
    [read],
  );
  console.log(`${values.email}: vendors ${read.join(', ')}; store filter ${stores[0]?.store_id}`);
  const queries = positionals.length ? positionals : defaultQueries(stores[0]?.store_id ?? 1);
  for (const [i, query] of queries.entries()) {
    const [list, search = ''] = query.split('?');
    const filter = inboxFilterSchema.parse(Object.fromEntries(new URLSearchParams(search)));
    const { sql, params } = dialect.sqlToQuery(summariesPageJsonQuery(inboxPageQuery(scope, list as InboxListName, filter)));
    // As the portal runs it: a generic plan, or for a docno search a plan for its values.
    const custom = plannedForValues(filter) && !values.generic;
    await client.query(`set plan_cache_mode = ${custom ? 'force_custom_plan' : 'force_generic_plan'}`);
    await client.query(`set max_parallel_workers_per_gather = ${custom ? 0 : 2}`);
    await client.query(`prepare s${i} as ${sql}`);
    const args = params.map((p) => (typeof p === 'number' ? String(p) : client.escapeLiteral(String(p)))).join(', ');
    const execute = `execute s${i}${params.length ? `(${args})` : ''}`;
    await client.query(`explain (analyze) ${execute}`);
    const times: number[] = [];
    let lines: string[] = [];
    for (let run = 0; run < Number(values.runs); run += 1) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${execute}`);
      lines = rows.map((r) => r['QUERY PLAN']);
      times.push(Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1]));
    }
    const median = times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
    const planning = custom ? ` (planned in ${/Planning Time: ([\d.]+)/.exec(lines.join('\n'))?.[1]} ms)` : '';
    console.log(`${query.padEnd(72)} ${median.toFixed(2).padStart(9)} ms${planning}`);
    if (values.plan) console.log(lines.map((l) => `    ${l}`).join('\n'));
  }
} finally {
  await client.end();
}

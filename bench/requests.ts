import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { Scope } from '../lib/auth/scope';
import { summariesPageJsonQuery } from '../lib/domain/documents/summary';
import { inboxPageQuery, type InboxListName } from '../lib/domain/inbox/queries';
import { inboxFilterSchema } from '../lib/domain/inbox/schemas';
import type { BenchSupplier } from './suppliers';

/**
 * What the many-user load asks for: each request a supplier (its own session), an inbox tab, a store
 * filter or none, and a page within that list, drawn at random; and, for the reference, the very
 * statement the portal sends for it, to run through pgbench.
 */
export type BenchRequest = { supplier: BenchSupplier; list: InboxListName; path: string; sql: string; params: unknown[] };

const TABS: { list: InboxListName; path: string }[] = [
  { list: 'open_purchase', path: '/orders' },
  { list: 'open_return', path: '/orders/returned' },
  { list: 'unread_deliverynote', path: '/delivery-notes' },
  { list: 'unread_dispute', path: '/disputes' },
  { list: 'unread_remittance', path: '/remittance-advices' },
];

export const RESULTS = 50;
/** Pages drawn from the first this many: users page, but rarely past the tenth. */
const MAX_PAGE = 40;

/** A small deterministic generator, so two runs ask for the same requests. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const dialect = new PgDialect({ casing: 'snake_case' });

export async function benchRequests(
  url: string,
  suppliers: BenchSupplier[],
  count: number,
  random = randomSource(42),
): Promise<BenchRequest[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Lists per vendor and store with their sizes (store 0: the whole list), from the trigger-kept counters.
  const { rows } = await client.query<{ vendor_id: number; list: string; store_id: number; total: number }>(
    `select vendor_id, list, store_id, total from inbox_counts where total > 0
     union all select vendor_id, list, 0, sum(total)::int from inbox_counts group by vendor_id, list having sum(total) > 0`,
  );
  await client.end();
  const sizes = new Map<string, { store: number; total: number }[]>();
  for (const r of rows) {
    const key = `${r.vendor_id}|${r.list}`;
    if (!sizes.has(key)) sizes.set(key, []);
    sizes.get(key)!.push({ store: r.store_id, total: r.total });
  }
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];

  const requests: BenchRequest[] = [];
  let previous = '';
  while (requests.length < count) {
    const supplier = pick(suppliers);
    const tab = pick(TABS);
    const lists = sizes.get(`${supplier.vendorId}|${tab.list}`);
    if (!lists) continue;
    // Half the requests filter by a store, half show the whole list.
    const wholeList = lists.find((l) => l.store === 0)!;
    const stores = lists.filter((l) => l.store !== 0);
    const chosen = random() < 0.5 || !stores.length ? wholeList : pick(stores);
    const pages = Math.max(1, Math.min(MAX_PAGE, Math.ceil(chosen.total / RESULTS)));
    const page = 1 + Math.floor(random() * pages);
    const query = new URLSearchParams({
      ...(chosen.store ? { store: String(chosen.store) } : {}),
      results: String(RESULTS),
      page: String(page),
    });
    const path = `${tab.path}?${query}`;
    const key = `${supplier.email}${path}`;
    if (key === previous) continue; // no two consecutive requests alike
    previous = key;
    const filter = inboxFilterSchema.parse(Object.fromEntries(query));
    const scope = new Scope({ kind: 'vendors', read: [supplier.vendorId], write: [supplier.vendorId] });
    const { sql, params } = dialect.sqlToQuery(summariesPageJsonQuery(inboxPageQuery(scope, tab.list, filter)));
    requests.push({ supplier, list: tab.list, path, sql, params });
  }
  return requests;
}

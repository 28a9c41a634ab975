import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { Scope } from '../lib/auth/scope';
import { summariesPageJsonQuery } from '../lib/domain/documents/summary';
import { inboxPageQuery, type InboxListName } from '../lib/domain/inbox/queries';
import { inboxFilterSchema } from '../lib/domain/inbox/schemas';
import type { NextRequest } from './load';
import type { BenchSupplier } from './suppliers';

/**
 * What the many-user load asks for: each request a supplier (its own session), an inbox tab, a store
 * filter or none, and a page within that list, drawn at random; and, for the reference, the very
 * statement the portal sends for it, to run through pgbench. A workload adds what users also do:
 * sort a list by one of its columns, or look a document up by part of its number.
 */
export type BenchRequest = { supplier: BenchSupplier; list: InboxListName; path: string; sql: string; params: unknown[] };

export type Workload = 'browse' | 'sorted' | 'search';

export const WORKLOADS: Record<Workload, string> = {
  browse: 'random tab, store and page',
  sorted: 'random tab, store, page and sort (column and direction)',
  search: 'random tab, 4 digits from the middle of one of the supplier’s document numbers',
};

const TABS: { list: InboxListName; path: string }[] = [
  { list: 'open_purchase', path: '/orders' },
  { list: 'open_return', path: '/orders/returned' },
  { list: 'unread_deliverynote', path: '/delivery-notes' },
  { list: 'unread_dispute', path: '/disputes' },
  { list: 'unread_remittance', path: '/remittance-advices' },
  // The Invoices tab's toInvoice view (issue 9: the same targets as GET /orders).
  { list: 'to_invoice', path: '/orders/uninvoiced' },
];

/** The columns the inbox tables sort by on the server (docs/api.md). */
const SORT_KEYS = ['docno', 'docDate', 'deliveryDate', 'xdocTotalIncl'] as const;

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

type ListSize = { store: number; total: number };

/** Lists per vendor and store with their sizes (store 0: the whole list), from the trigger-kept counters. */
async function listSizes(client: pg.Client): Promise<Map<string, ListSize[]>> {
  const { rows } = await client.query<{ vendor_id: number; list: string; store_id: number; total: number }>(
    `select vendor_id, list, store_id, total from inbox_counts where total > 0
     union all select vendor_id, list, 0, sum(total)::int from inbox_counts group by vendor_id, list having sum(total) > 0`,
  );
  const sizes = new Map<string, ListSize[]>();
  for (const r of rows) {
    const key = `${r.vendor_id}|${r.list}`;
    if (!sizes.has(key)) sizes.set(key, []);
    sizes.get(key)!.push({ store: r.store_id, total: r.total });
  }
  return sizes;
}

/** Some document numbers of each vendor, to take a part of as a search. */
async function sampleNumbers(client: pg.Client): Promise<Map<number, string[]>> {
  const { rows } = await client.query<{ vendor_id: number; docno: string }>(
    `select vendor_id, docno from (
       select vendor_id, docno, row_number() over (partition by vendor_id order by id) as n from xdocs where id % 97 = 0
     ) s where n <= 40`,
  );
  const numbers = new Map<number, string[]>();
  for (const r of rows) numbers.set(r.vendor_id, [...(numbers.get(r.vendor_id) ?? []), r.docno]);
  return numbers;
}

export async function benchRequests(
  url: string,
  suppliers: BenchSupplier[],
  count: number,
  workload: Workload = 'browse',
  random = randomSource(42),
): Promise<BenchRequest[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const sizes = await listSizes(client);
  const numbers = workload === 'search' ? await sampleNumbers(client) : new Map<number, string[]>();
  await client.end();
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];

  const requests: BenchRequest[] = [];
  let previous = '';
  while (requests.length < count) {
    const supplier = pick(suppliers);
    const tab = pick(TABS);
    const lists = sizes.get(`${supplier.vendorId}|${tab.list}`);
    if (!lists) continue;
    const query = new URLSearchParams();
    if (workload === 'search') {
      // Four digits from inside a number: "4632" of "PO00004632", as a user types what they remember.
      const docno = pick(numbers.get(supplier.vendorId) ?? ['00000000']);
      const digits = docno.replace(/^\D+/, '');
      const at = Math.floor(random() * Math.max(1, digits.length - 3));
      query.set('docno', digits.slice(at, at + 4));
      query.set('results', String(RESULTS));
    } else {
      // Half the requests filter by a store, half show the whole list.
      const wholeList = lists.find((l) => l.store === 0)!;
      const stores = lists.filter((l) => l.store !== 0);
      const chosen = random() < 0.5 || !stores.length ? wholeList : pick(stores);
      const pages = Math.max(1, Math.min(MAX_PAGE, Math.ceil(chosen.total / RESULTS)));
      if (chosen.store) query.set('store', String(chosen.store));
      query.set('results', String(RESULTS));
      query.set('page', String(1 + Math.floor(random() * pages)));
      if (workload === 'sorted') {
        query.set('sort', pick(SORT_KEYS));
        query.set('direction', random() < 0.5 ? 'asc' : 'desc');
      }
    }
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

/** The inbox screen's tab of each list, for the server-rendered page. */
const PAGE_TABS: Record<BenchRequest['list'], string> = {
  open_purchase: 'orders',
  open_return: 'return-orders',
  responded_return: 'return-orders',
  unread_deliverynote: 'delivery-notes',
  unread_dispute: 'disputes',
  unread_remittance: 'remittances',
  to_invoice: 'invoices',
};

/**
 * Cycles through the requests in their random order; each is made with its supplier's own session, as the
 * list API the screens call ('api') or as the server-rendered inbox page of the same tab and page ('page').
 */
export function cycle(requests: BenchRequest[], cookies: Map<string, string>, as: 'api' | 'page'): NextRequest {
  let i = 0;
  return (): ReturnType<NextRequest> => {
    const request = requests[i++ % requests.length];
    const cookie = cookies.get(request.supplier.email)!;
    if (as === 'api') return { path: request.path, headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'accept-encoding': 'gzip' } };
    const page = new URLSearchParams(request.path.split('?')[1]).get('page');
    return { path: `/?tab=${PAGE_TABS[request.list]}&page=${page}`, headers: { cookie, accept: 'text/html', 'accept-encoding': 'gzip' } };
  };
}

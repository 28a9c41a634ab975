import { GET as deliveryNotesRoute } from '@/app/api/delivery-notes/route';
import { GET as disputesRoute } from '@/app/api/disputes/route';
import { GET as returnedRoute } from '@/app/api/orders/returned/route';
import { GET as ordersRoute } from '@/app/api/orders/route';
import { GET as remittancesRoute } from '@/app/api/remittance-advices/route';
import { pool } from '@/db/client';
import { callRoute, sessionHeaders } from '../support/actors';
import { createDocument, removeCreatedDocuments, type DocumentFixture } from '../support/fixtures';

/*
 * Server-side sorting of the inbox lists (lib/domain/sorting.ts): the whole filtered list is sorted
 * before it is paged, ties go by id in the same direction, empty values come last ascending and first
 * descending. Each list gets documents of both of the supplier's vendors (V0001, V0002) with shared
 * dates and totals (ties) and empty delivery dates, so the per-vendor merge, the tiebreak and the nulls
 * are all exercised; every order is checked against the database's own ORDER BY and by comparing values.
 */
const SUPPLIER = 'supplier@portal.test';

type Row = { id: number; docno: string; docDate: string; deliveryDate: string | null; xdocTotalIncl: string; vendorCode: string };
type Page = { rows: Row[]; totalResults: number };
type Handler = typeof ordersRoute;

afterAll(async () => {
  await removeCreatedDocuments();
  await pool.end();
});

const SUPPLIER_DOCS = `x.vendor_id in (select id from vendors where code in ('V0001', 'V0002'))`;

const LISTS: { name: string; handler: Handler; path: string; predicate: string; fixture: Omit<DocumentFixture, 'vendorCode'> }[] = [
  {
    name: 'open purchase orders',
    handler: ordersRoute,
    path: '/api/orders',
    predicate: `x.xdoc_type_code = 'order' and x.responded_at is null and x.xdoc_sub_type_code is distinct from 'return'`,
    fixture: { type: 'order' },
  },
  {
    name: 'open return orders',
    handler: returnedRoute,
    path: '/api/orders/returned',
    predicate: `x.xdoc_type_code = 'order' and x.responded_at is null and x.xdoc_sub_type_code = 'return'`,
    fixture: { type: 'order', subType: 'return' },
  },
  {
    name: 'responded return orders',
    handler: returnedRoute,
    path: '/api/orders/returned?responded=true',
    predicate: `x.xdoc_type_code = 'order' and x.responded_at is not null and x.xdoc_sub_type_code = 'return' and x.invoicing_closed_at is null and x.wf_status_code in ('confirmed', 'mixed')`,
    fixture: { type: 'order', subType: 'return', respondedAt: new Date('2026-06-20T08:00:00Z'), wfStatusCode: 'confirmed' },
  },
  {
    name: 'unread delivery notes',
    handler: deliveryNotesRoute,
    path: '/api/delivery-notes',
    predicate: `x.xdoc_type_code = 'deliverynote' and x.is_read = false`,
    fixture: { type: 'deliverynote' },
  },
  {
    name: 'unread disputes',
    handler: disputesRoute,
    path: '/api/disputes',
    predicate: `x.xdoc_type_code = 'dispute' and x.is_read = false`,
    fixture: { type: 'dispute', reasonCode: 'Q' },
  },
  {
    name: 'unread remittances',
    handler: remittancesRoute,
    path: '/api/remittance-advices',
    predicate: `x.xdoc_type_code = 'remittance' and x.is_read = false`,
    fixture: { type: 'remittance' },
  },
];

const KEYS = ['docno', 'docDate', 'deliveryDate', 'xdocTotalIncl'] as const;
type Key = (typeof KEYS)[number];
const SQL_COLUMN: Record<Key, string> = {
  docno: 'x.docno',
  docDate: 'x.doc_date',
  deliveryDate: 'x.delivery_date',
  xdocTotalIncl: 'x.xdoc_total_incl',
};

/** Documents with ties on every sortable value but docno, two without a delivery date, of both vendors. */
async function seedList(fixture: Omit<DocumentFixture, 'vendorCode'>): Promise<void> {
  const shapes: Partial<DocumentFixture>[] = [
    { docDate: '2026-06-10', deliveryDate: '2026-06-20', lines: 2 },
    { docDate: '2026-06-10', deliveryDate: null, lines: 1 },
    { docDate: '2026-06-11', deliveryDate: '2026-06-20', lines: 2 },
    { docDate: '2026-06-10', deliveryDate: '2026-06-18', lines: 3 },
    { docDate: '2026-06-12', deliveryDate: null, lines: 2 },
    { docDate: '2026-06-11', deliveryDate: '2026-06-18', lines: 1 },
    // Enough for two pages of 8 even on a list the seed holds few of (return orders still to credit).
    { docDate: '2026-06-12', deliveryDate: '2026-06-20', lines: 1 },
    { docDate: '2026-06-10', deliveryDate: null, lines: 2 },
    { docDate: '2026-06-13', deliveryDate: '2026-06-19', lines: 3 },
  ];
  for (const [i, shape] of shapes.entries()) await createDocument({ ...fixture, ...shape, vendorCode: i % 2 ? 'V0002' : 'V0001' });
}

async function fetchPage(handler: Handler, path: string, query: string): Promise<Page> {
  const url = `${path}${path.includes('?') ? '&' : '?'}${query}`;
  const response = await callRoute(handler, url, { headers: await sessionHeaders(SUPPLIER) });
  expect(response.status).toBe(200);
  const body = await response.json();
  const rows = (Array.isArray(body.xdocs) ? body.xdocs : body.xdocs.xdoc) as Row[];
  return { rows, totalResults: body.resultPager.totalResults };
}

/** The ids in the order the database itself sorts them, as sorting.ts documents it. */
async function orderFromDatabase(predicate: string, key: Key, direction: 'asc' | 'desc'): Promise<number[]> {
  const order = direction === 'asc' ? `${SQL_COLUMN[key]} asc nulls last, x.id asc` : `${SQL_COLUMN[key]} desc nulls first, x.id desc`;
  const { rows } = await pool.query(`select x.id from xdocs x where ${SUPPLIER_DOCS} and ${predicate} order by ${order}`);
  return rows.map((r) => Number(r.id));
}

/** Compares two rows by one key as the contract says, without the database: dates and money by value. */
function compare(key: Exclude<Key, 'docno'>, direction: 'asc' | 'desc', a: Row, b: Row): number {
  const value = (row: Row) => (key === 'xdocTotalIncl' ? Number(row[key]) : row[key]);
  const [va, vb] = [value(a), value(b)];
  if (va === null || vb === null) {
    if (va === vb) return direction === 'asc' ? a.id - b.id : b.id - a.id;
    // Empty values last ascending, first descending.
    return (va === null ? 1 : -1) * (direction === 'asc' ? 1 : -1);
  }
  if (va !== vb) return (va < vb ? -1 : 1) * (direction === 'asc' ? 1 : -1);
  return direction === 'asc' ? a.id - b.id : b.id - a.id;
}

describe.each(LISTS)('sorting $name', ({ handler, path, predicate, fixture }) => {
  beforeAll(() => seedList(fixture));

  it.each(KEYS.flatMap((key) => (['asc', 'desc'] as const).map((direction) => [key, direction] as const)))(
    'sort=%s&direction=%s: two pages continue one order over the whole list, ties by id, empty values as documented, the reverse of the other direction',
    async (key, direction) => {
      const whole = await fetchPage(handler, path, `sort=${key}&direction=${direction}&results=500`);
      const expected = await orderFromDatabase(predicate, key, direction);
      expect(whole.totalResults).toBe(expected.length);
      expect(whole.rows.map((r) => r.id)).toEqual(expected);
      expect(expected.length).toBeGreaterThan(8);

      if (key !== 'docno') {
        const resorted = [...whole.rows].sort((a, b) => compare(key, direction, a, b));
        expect(whole.rows.map((r) => r.id)).toEqual(resorted.map((r) => r.id));
      }
      const withoutDelivery = whole.rows.filter((r) => r.deliveryDate === null).length;
      if (key === 'deliveryDate' && withoutDelivery) {
        // The empty delivery dates are together at the end (asc) or the start (desc).
        const at = whole.rows.findIndex((r) => r.deliveryDate === null);
        expect(at).toBe(direction === 'asc' ? whole.rows.length - withoutDelivery : 0);
      }

      // The other direction is the exact reverse, empty values and ties included.
      const opposite = await fetchPage(handler, path, `sort=${key}&direction=${direction === 'asc' ? 'desc' : 'asc'}&results=500`);
      expect(opposite.rows.map((r) => r.id)).toEqual(expected.toReversed());

      const size = 4;
      const page1 = await fetchPage(handler, path, `sort=${key}&direction=${direction}&results=${size}&page=1`);
      const page2 = await fetchPage(handler, path, `sort=${key}&direction=${direction}&results=${size}&page=2`);
      expect([...page1.rows, ...page2.rows].map((r) => r.id)).toEqual(expected.slice(0, 2 * size));
      expect(page2.totalResults).toBe(expected.length);
      // Both of the supplier's vendors are in the list, so the two pages came from merging them.
      expect(new Set(whole.rows.map((r) => r.vendorCode))).toEqual(new Set(['V0001', 'V0002']));
    },
  );

  it('ascends when the direction is left out, and keeps newest first without a sort', async () => {
    const asc = await fetchPage(handler, path, 'sort=deliveryDate&results=500');
    expect(asc.rows.map((r) => r.id)).toEqual(await orderFromDatabase(predicate, 'deliveryDate', 'asc'));
    const plain = await fetchPage(handler, path, 'results=500');
    const { rows } = await pool.query(
      `select x.id from xdocs x where ${SUPPLIER_DOCS} and ${predicate} order by x.doc_date desc, x.id desc`,
    );
    expect(plain.rows.map((r) => r.id)).toEqual(rows.map((r) => Number(r.id)));
  });
});

describe('sorting with filters', () => {
  it('sorts the store-filtered list across pages, the store page by page as the whole', async () => {
    const { rows } = await pool.query(
      `select x.store_id from xdocs x where ${SUPPLIER_DOCS} and ${LISTS[0].predicate}
       group by x.store_id order by count(*) desc limit 1`,
    );
    const store = rows[0].store_id as number;
    const predicate = `${LISTS[0].predicate} and x.store_id = ${store}`;
    for (const direction of ['asc', 'desc'] as const) {
      const expected = await orderFromDatabase(predicate, 'xdocTotalIncl', direction);
      const page1 = await fetchPage(ordersRoute, '/api/orders', `store=${store}&sort=xdocTotalIncl&direction=${direction}&results=2`);
      const page2 = await fetchPage(
        ordersRoute,
        '/api/orders',
        `store=${store}&sort=xdocTotalIncl&direction=${direction}&results=2&page=2`,
      );
      expect([...page1.rows, ...page2.rows].map((r) => r.id)).toEqual(expected.slice(0, 4));
      expect(page1.totalResults).toBe(expected.length);
    }
  });
});

describe('refused sorts', () => {
  it.each([
    ['sort=password_hash', 'sort must be one of: docno, docDate, deliveryDate, xdocTotalIncl.', 'sort'],
    ['sort=doc_date', 'sort must be one of: docno, docDate, deliveryDate, xdocTotalIncl.', 'sort'],
    ['sort=docno&direction=up', 'direction must be asc or desc.', 'direction'],
    ['sort=docno&direction=DESC', 'direction must be asc or desc.', 'direction'],
  ])('%s → 422 with a message naming what is allowed', async (query, message, field) => {
    for (const { handler, path } of LISTS) {
      const url = `${path}${path.includes('?') ? '&' : '?'}${query}`;
      const response = await callRoute(handler, url, { headers: await sessionHeaders(SUPPLIER) });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ message, errors: { [field]: [message] } });
    }
  });
});

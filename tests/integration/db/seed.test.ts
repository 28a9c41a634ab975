import bcrypt from 'bcryptjs';
import pg from 'pg';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../db/seed/demo-accounts';
import { DOC_KINDS, SEEDED_DOCNO_PREFIXES, slotOf, vendorNoOf } from '../../../db/seed/document-kinds';
import { seedDatabase } from '../../../db/seed/seed';
import { XDOC_SUB_TYPES, XDOC_TYPES } from '../../../db/schema';

// globalSetup seeded this database with 600 documents; these tests read it and re-run the seed on it.
const SEEDED_DOCUMENTS = 600;
const url = process.env.DATABASE_URL!;
const pool = new pg.Pool({ connectionString: url, max: 2 });
afterAll(() => pool.end());

// Other suites add documents of their own (docnos like POTX…); the checks below look at seeded ones only.
const SEEDED = `x.docno ~ '^(${SEEDED_DOCNO_PREFIXES.join('|')})[0-9]{8}$'`;

const rows = async <T extends object>(text: string, params: unknown[] = []) => (await pool.query<T>(text, params)).rows;

async function vendorCodesOf(email: string): Promise<string[]> {
  const found = await rows<{ code: string }>(
    'select v.code from user_vendors uv join users u on u.id = uv.user_id join vendors v on v.id = uv.vendor_id where u.email = $1 order by v.code',
    [email],
  );
  return found.map((r) => r.code);
}

/** Document numbers per vendor and inbox bucket, for the demo suppliers' inbox checks. */
async function inboxOf(vendorCode: string) {
  type Counts = {
    open_orders: number;
    open_returns: number;
    open_order_stores: number;
    unread_remittances: number;
    unread_deliverynotes: number;
    unread_disputes: number;
  };
  const [counts] = await rows<Counts>(
    `select
       count(*) filter (where x.xdoc_type_code = 'order' and x.xdoc_sub_type_code <> 'return' and x.responded_at is null)::int as open_orders,
       count(*) filter (where x.xdoc_type_code = 'order' and x.xdoc_sub_type_code = 'return' and x.responded_at is null)::int as open_returns,
       count(distinct x.store_id) filter (where x.xdoc_type_code = 'order' and x.responded_at is null)::int as open_order_stores,
       count(*) filter (where x.xdoc_type_code = 'remittance' and not x.is_read)::int as unread_remittances,
       count(*) filter (where x.xdoc_type_code = 'deliverynote' and not x.is_read)::int as unread_deliverynotes,
       count(*) filter (where x.xdoc_type_code = 'dispute' and not x.is_read)::int as unread_disputes
     from xdocs x join vendors v on v.id = x.vendor_id where v.code = $1`,
    [vendorCode],
  );
  const [lines] = await rows<{ one_line: number; multi_line: number }>(
    `select count(*) filter (where n = 1)::int as one_line, count(*) filter (where n > 1)::int as multi_line
     from (select count(distinct l.line_number) as n from xdocs x join vendors v on v.id = x.vendor_id join xdoc_lines l on l.xdoc_id = x.id
           where v.code = $1 and x.xdoc_type_code = 'order' and x.responded_at is null group by x.id) t`,
    [vendorCode],
  );
  return { ...counts, ...lines };
}

const TABLES = [
  'roles',
  'subsidiaries',
  'regions',
  'divisions',
  'stores',
  'vendors',
  'items',
  'pricings',
  'item_changes',
  'pricing_changes',
  'masterdata_changes',
  'users',
  'user_subsidiaries',
  'user_vendors',
  'email_preferences',
  'user_activities',
  'xdocs',
  'xdoc_lines',
  'audit_entries',
  'invoiced_lines',
  'delivered_lines',
];

async function rowCounts(): Promise<Record<string, number>> {
  const [counts] = await rows<Record<string, number>>(`select ${TABLES.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ')}`);
  return counts;
}

describe('seed', () => {
  it('gives the six roles their fixed ids', async () => {
    expect(await rows('select id, code from roles order by id')).toEqual([
      { id: 1, code: 'c_admin' },
      { id: 2, code: 'c_user' },
      { id: 3, code: 'm2_admin' },
      { id: 4, code: 'v_user' },
      { id: 5, code: 'v_admin' },
      { id: 6, code: 'm2_user' },
    ]);
  });

  // Other suites rename, deactivate or reset demo users in this shared database, so only the role and the hash's form are checked for all.
  it('creates every demo account with its role and a bcrypt password hash', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await rows<{ role: string; password_hash: string }>(
        'select r.code as role, u.password_hash from users u join roles r on r.id = u.role_id where u.email = $1',
        [account.email],
      );
      expect(user.role).toBe(account.role);
      expect(user.password_hash).toMatch(/^\$2[aby]\$10\$/);
      expect(account.startPath).toBe(account.role.startsWith('v_') ? '/' : '/history');
    }
    for (const email of ['admin@portal.test', 'supplier@portal.test']) {
      const [{ password_hash }] = await rows<{ password_hash: string }>('select password_hash from users where email = $1', [email]);
      expect(await bcrypt.compare(DEMO_PASSWORD, password_hash)).toBe(true);
    }
  });

  it('links the demo suppliers to their vendors, the supplier user under its admin', async () => {
    expect(await vendorCodesOf('supplier@portal.test')).toEqual(['V0001', 'V0002']);
    expect(await vendorCodesOf('supplier.user@portal.test')).toEqual(['V0001']);
    expect(await vendorCodesOf('other.supplier@portal.test')).toEqual(['V0003']);
    const [child] = await rows<{ parent: string }>(
      'select p.email as parent from users c join users p on p.id = c.parent_user_id where c.email = $1',
      ['supplier.user@portal.test'],
    );
    expect(child.parent).toBe('supplier@portal.test');
  });

  it('grants the retail admin read and write on two subsidiaries and the retail user read only on one', async () => {
    const grants = await rows(
      `select u.email, s.code, us.can_read, us.can_write from user_subsidiaries us join users u on u.id = us.user_id
       join subsidiaries s on s.id = us.subsidiary_id where u.email like 'retail.%@portal.test' order by u.email, s.code`,
    );
    expect(grants).toEqual([
      { email: 'retail.admin@portal.test', code: 'SUB01', can_read: true, can_write: true },
      { email: 'retail.admin@portal.test', code: 'SUB02', can_read: true, can_write: true },
      { email: 'retail.user@portal.test', code: 'SUB01', can_read: true, can_write: false },
    ]);
  });

  it('seeds ordinary users too, some inactive and some never signed in', async () => {
    const [users] = await rows<{ inactive: number; never: number; total: number }>(
      `select count(*) filter (where deleted_at is not null)::int as inactive, count(*) filter (where last_login is null)::int as never,
       count(*)::int as total from users`,
    );
    expect(users.total).toBeGreaterThanOrEqual(DEMO_ACCOUNTS.length + 10);
    expect(users.inactive).toBeGreaterThan(0);
    expect(users.never).toBeGreaterThan(0);
  });

  it('seeds the requested number of documents with every type and sub type', async () => {
    const [{ count }] = await rows<{ count: number }>(`select count(*)::int as count from xdocs x where ${SEEDED}`);
    expect(count).toBe(SEEDED_DOCUMENTS);
    const types = await rows<{ t: string }>(`select distinct xdoc_type_code as t from xdocs x where ${SEEDED}`);
    expect(types.map((r) => r.t).sort()).toEqual([...XDOC_TYPES].sort());
    const subTypes = await rows<{ t: string }>(
      `select distinct xdoc_sub_type_code as t from xdocs x where ${SEEDED} and xdoc_sub_type_code is not null`,
    );
    expect(subTypes.map((r) => r.t).sort()).toEqual([...XDOC_SUB_TYPES].sort());
    const jab = await rows<{ xdoc_descr: string; addresses: number }>(
      `select x.xdoc_descr, count(distinct l.delivery_address_code)::int as addresses from xdocs x join xdoc_lines l on l.xdoc_id = x.id
       where ${SEEDED} and x.xdoc_sub_type_code = 'jab' group by x.id`,
    );
    expect(jab.length).toBeGreaterThan(0);
    for (const order of jab) {
      expect(order.xdoc_descr).toContain('jab');
      expect(order.addresses).toBeGreaterThan(1);
    }
  });

  it('derives the vendor and kind of each document from its number, as document-kinds.ts describes', async () => {
    const docs = await rows<{ docno: string; vendor: string; type: string; sub: string | null }>(
      `select x.docno, v.code as vendor, x.xdoc_type_code as type, x.xdoc_sub_type_code as sub
       from xdocs x join vendors v on v.id = x.vendor_id where ${SEEDED}`,
    );
    expect(docs).toHaveLength(SEEDED_DOCUMENTS);
    const mismatches = docs.filter((d) => {
      const n = Number(d.docno.slice(-8));
      const kind = DOC_KINDS.find((k) => slotOf(n) >= k.lo && slotOf(n) <= k.hi)!;
      return (
        d.vendor !== `V${String(vendorNoOf(n)).padStart(4, '0')}` ||
        d.type !== kind.type ||
        d.sub !== kind.sub ||
        !d.docno.startsWith(kind.prefix)
      );
    });
    expect(mismatches).toEqual([]);
  });

  it('keeps every header total equal to the sum of its lines', async () => {
    const [check] = await rows<{ without_lines: number; mismatched: number }>(
      `select count(*) filter (where l.xdoc_id is null)::int as without_lines,
         count(*) filter (where x.xdoc_total_excl <> l.excl or x.xdoc_tax_amount <> l.tax
           or x.xdoc_total_incl <> l.excl + l.tax or x.tot_value <> x.xdoc_total_incl)::int as mismatched
       from xdocs x left join (select xdoc_id, sum(qty * amount) as excl, sum(tax_amount) as tax from xdoc_lines group by xdoc_id) l on l.xdoc_id = x.id
       where ${SEEDED}`,
    );
    expect(check).toEqual({ without_lines: 0, mismatched: 0 });
  });

  it('writes each document with the number of distinct lines it has (line_count)', async () => {
    const [check] = await rows<{ mismatched: number; documents: number }>(
      `select count(*) filter (where x.line_count <> l.n)::int as mismatched, count(*)::int as documents
       from xdocs x join (select xdoc_id, count(distinct line_number)::int as n from xdoc_lines group by xdoc_id) l on l.xdoc_id = x.id
       where ${SEEDED}`,
    );
    expect(check.documents).toBeGreaterThan(0);
    expect(check.mismatched).toBe(0);
  });

  it('files each document under the subsidiary, region and division of its store', async () => {
    const [{ count }] = await rows<{ count: number }>(
      `select count(*)::int as count from xdocs x join stores s on s.id = x.store_id
       where ${SEEDED} and (x.subsidiary_id <> s.subsidiary_id or x.region_id is distinct from s.region_id or x.division_id is distinct from s.division_id)`,
    );
    expect(count).toBe(0);
  });

  it('raises related documents against an earlier confirmed order of the same vendor and store', async () => {
    const related = await rows<{ ok: boolean }>(
      `select o.vendor_id = x.vendor_id and o.store_id = x.store_id and o.doc_date <= x.doc_date and x.orderno = o.docno
         and o.wf_status_code in ('confirmed', 'outstanding') as ok
       from xdocs x join xdocs o on o.id = x.related_xdoc_id where ${SEEDED}`,
    );
    expect(related.length).toBeGreaterThan(50);
    expect(related.every((r) => r.ok)).toBe(true);
  });

  it('gives the demo suppliers open orders, return orders and unread documents in the inbox', async () => {
    const v1 = await inboxOf('V0001');
    expect(v1.open_orders).toBeGreaterThanOrEqual(30);
    expect(v1.open_returns).toBeGreaterThanOrEqual(8);
    expect(v1.open_order_stores).toBeGreaterThanOrEqual(5);
    expect(v1.one_line).toBeGreaterThan(0);
    expect(v1.multi_line).toBeGreaterThan(0);
    expect(v1.unread_remittances).toBeGreaterThanOrEqual(8);
    expect(v1.unread_deliverynotes).toBeGreaterThan(0);
    expect(v1.unread_disputes).toBeGreaterThan(0);
    const v3 = await inboxOf('V0003');
    expect(v3.open_orders).toBeGreaterThan(0);
    expect(v3.unread_remittances + v3.unread_deliverynotes + v3.unread_disputes).toBeGreaterThan(0);
  });

  it('changes nothing, password hashes included, when run again with the same document count', async () => {
    const before = await rowCounts();
    const hashesBefore = await rows('select email, password_hash from users order by email');
    await seedDatabase({ databaseUrl: url, documents: SEEDED_DOCUMENTS });
    expect(await rowCounts()).toEqual(before);
    expect(await rows('select email, password_hash from users order by email')).toEqual(hashesBefore);
  });
});

import { inArray, like, notInArray } from 'drizzle-orm';
import { GET as storesRoute } from '@/app/api/stores/route';
import { GET as subsidiaryRoute } from '@/app/api/subsidiary/route';
import { GET as vendorsRoute } from '@/app/api/vendors/route';
import { db, pool } from '@/db/client';
import { stores, subsidiaries } from '@/db/schema';
import { chosenLookups } from '@/lib/domain/lookups/chosen';
import { actorFor, callRoute, sessionHeaders } from '../support/actors';

/** The look-up endpoints the type-ahead boxes ask (docs/api.md, look-ups): search, cap, scope. */
afterAll(async () => {
  await db.delete(stores).where(like(stores.code, 'LKP%'));
  await pool.end();
});

type Row = { id: number; code: string; name: string; tinyMce?: string };

async function get<T>(handler: typeof storesRoute, path: string, email = 'staff@portal.test'): Promise<{ status: number; body: T }> {
  const response = await callRoute(handler, path, { headers: await sessionHeaders(email) });
  return { status: response.status, body: (await response.json()) as T };
}

beforeAll(async () => {
  const [subsidiary] = await db.select({ id: subsidiaries.id }).from(subsidiaries).limit(1);
  // 30 stores sharing a code prefix, one of them named apart, so a search has more matches than a page.
  await db.insert(stores).values(
    Array.from({ length: 30 }, (_, i) => ({
      code: `LKP${String(i).padStart(3, '0')}`,
      name: i === 17 ? 'Lookup Harbour Mall' : `Lookup store ${i}`,
      subsidiaryId: subsidiary.id,
    })),
  );
});

it('answers 20 stores by default, searching code or name, and refuses more than 100', async () => {
  const byCode = await get<Row[]>(storesRoute, '/api/stores?searchCode=lkp0');
  expect(byCode.status).toBe(200);
  expect(byCode.body).toHaveLength(20);
  expect(byCode.body.every((s) => s.code.startsWith('LKP0'))).toBe(true);

  const byName = await get<Row[]>(storesRoute, '/api/stores?searchCode=harbour%20MALL');
  expect(byName.body.map((s) => s.code)).toEqual(['LKP017']);

  expect((await get<Row[]>(storesRoute, '/api/stores?limit=100&searchCode=LKP')).body).toHaveLength(30);
  expect((await get(storesRoute, '/api/stores?limit=1000')).status).toBe(422);
});

it('gives a supplier only its own vendors and retail staff only their subsidiaries, 100 on the first load', async () => {
  const vendors = await get<Row[]>(vendorsRoute, '/api/vendors?limit=100', 'supplier@portal.test');
  const supplier = await actorFor('supplier@portal.test');
  expect(vendors.body.map((v) => v.id).sort()).toEqual([...(supplier.scope.vendorIds ?? [])].sort());

  const retail = await actorFor('retail.user@portal.test');
  const answer = await get<{ subsidiaries: Row[] }>(subsidiaryRoute, '/api/subsidiary?limit=100', 'retail.user@portal.test');
  expect(answer.body.subsidiaries.map((s) => s.id).sort()).toEqual([...(retail.scope.subsidiaryIds ?? [])].sort());
});

it('reads only the chosen store and customer by code and name, a customer within scope', async () => {
  const [store] = await db.select().from(stores).where(like(stores.code, 'LKP017'));
  const retail = await actorFor('retail.user@portal.test');
  const [theirs] = await db
    .select()
    .from(subsidiaries)
    .where(inArray(subsidiaries.id, [...retail.scope.subsidiaryIds!]));
  const [other] = await db
    .select()
    .from(subsidiaries)
    .where(notInArray(subsidiaries.id, [...retail.scope.subsidiaryIds!]));

  const chosen = await chosenLookups(retail, { store: String(store.id), custaccountTinyMce: theirs.tinyMce });
  expect(chosen.store).toEqual([{ value: String(store.id), label: 'LKP017 Lookup Harbour Mall' }]);
  expect(chosen.custaccountTinyMce).toEqual([{ value: theirs.tinyMce, label: `${theirs.code} ${theirs.name}` }]);
  expect((await chosenLookups(retail, { custaccountTinyMce: other.tinyMce })).custaccountTinyMce).toEqual([]);
  expect((await chosenLookups(retail, { store: 'x1' })).store).toEqual([]);
});

import { pool } from '@/db/client';
import { inboxFilterOptions } from '@/lib/domain/lookups/queries';
import { actorFor } from '../support/actors';

/** The inbox filter panel's option lists (one query for the server-rendered inbox), against the tables. */
afterAll(() => pool.end());

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

it('lists every store and region by name, and a supplier every subsidiary', async () => {
  const options = await inboxFilterOptions(await actorFor('supplier@portal.test'));
  const stores = (await pool.query('select id, code, name from stores order by name')).rows;
  expect(options.stores).toEqual(stores);
  expect(options.regions).toEqual((await pool.query('select id, name from regions order by name limit 100')).rows);
  const subsidiaries = (await pool.query('select tiny_mce as "tinyMce", name from subsidiaries order by name')).rows;
  expect(options.subsidiaries).toEqual(subsidiaries);
  expect([...options.stores].sort(byName)).toEqual(options.stores);
});

it('gives retailer staff only their own subsidiaries', async () => {
  const actor = await actorFor('retail.user@portal.test');
  if (actor.scope.kind !== 'subsidiaries' || !actor.scope.subsidiaryIds)
    throw new Error('retail.user is expected to be scoped by subsidiary');
  const options = await inboxFilterOptions(actor);
  const theirs = (
    await pool.query('select tiny_mce as "tinyMce", name from subsidiaries where id = any($1) order by name', [actor.scope.subsidiaryIds])
  ).rows;
  expect(options.subsidiaries).toEqual(theirs);
  const all = (await pool.query('select count(*)::int as n from subsidiaries')).rows[0].n;
  expect(theirs.length).toBeLessThan(all);
});

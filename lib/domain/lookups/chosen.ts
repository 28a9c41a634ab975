import { and, eq, inArray } from 'drizzle-orm';
import { db } from '../../../db/client';
import { regions, stores, subsidiaries } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { lookupLabel } from './label';

/** The look-up filters a list's address may carry: a store or region id, a subsidiary's tinyMce. */
export interface ChosenLookupValues {
  store?: string;
  region?: string;
  custaccountTinyMce?: string;
}

type ChosenOption = { value: string; label: string };
export type ChosenLookups = Partial<Record<keyof ChosenLookupValues, ChosenOption[]>>;

const asId = (text: string | undefined) => (text && /^\d{1,9}$/.test(text) ? Number(text) : null);

/**
 * What the look-up values in a list's address read as (code and name), so a reloaded or pasted filtered
 * list shows its store, region or customer by name; only the chosen rows are read, never whole tables
 * (the boxes search the server, docs/architecture.md, look-ups). Subsidiaries stay within the actor's scope.
 */
export async function chosenLookups(actor: Actor, values: ChosenLookupValues): Promise<ChosenLookups> {
  const storeId = asId(values.store);
  const regionId = asId(values.region);
  const tinyMce = values.custaccountTinyMce?.trim();
  const [store, region, customer] = await Promise.all([
    storeId === null ? [] : db.select({ id: stores.id, code: stores.code, name: stores.name }).from(stores).where(eq(stores.id, storeId)),
    regionId === null
      ? []
      : db.select({ id: regions.id, code: regions.code, name: regions.name }).from(regions).where(eq(regions.id, regionId)),
    !tinyMce
      ? []
      : db
          .select({ id: subsidiaries.tinyMce, code: subsidiaries.code, name: subsidiaries.name })
          .from(subsidiaries)
          .where(and(actor.scope.subsidiaries(), inArray(subsidiaries.tinyMce, [tinyMce]))),
  ]);
  const options = (rows: { id: number | string; code: string; name: string }[]) =>
    rows.map((row) => ({ value: String(row.id), label: lookupLabel(row) }));
  return { store: options(store), region: options(region), custaccountTinyMce: options(customer) };
}

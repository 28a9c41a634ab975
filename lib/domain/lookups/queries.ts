import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { db, queryPrepared } from '../../../db/client';
import { divisions, regions, stores, subsidiaries, vendors, historySelections } from '../../../db/schema';
import type { Actor } from '../../auth/actor';

import { escapeLike, intText } from '../query-text';

/** Spec §9: type-ahead look-ups return 20 by default; the first subsidiary load asks for 100. */
export const lookupQuerySchema = z.object({
  limit: intText('limit', { max: 1000 }).optional(),
  searchCode: z.string().trim().max(100, 'searchCode is too long.').optional(),
});
export type LookupQuery = z.infer<typeof lookupQuerySchema>;

function codeOrName(code: Parameters<typeof ilike>[0], name: Parameters<typeof ilike>[0], search?: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(ilike(code, pattern), ilike(name, pattern));
}

/** Stores: every user may pick any store as a filter; documents themselves stay scoped. */
export async function listStores(_actor: Actor, { limit, searchCode }: LookupQuery) {
  return db
    .select({
      id: stores.id,
      code: stores.code,
      name: stores.name,
      subsidiaryId: stores.subsidiaryId,
      regionId: stores.regionId,
      divisionId: stores.divisionId,
    })
    .from(stores)
    .where(codeOrName(stores.code, stores.name, searchCode))
    .orderBy(asc(stores.name))
    .limit(limit ?? 1000);
}

export async function listRegions(_actor: Actor, { limit, searchCode }: LookupQuery) {
  return db
    .select({ id: regions.id, code: regions.code, name: regions.name, subsidiaryId: regions.subsidiaryId })
    .from(regions)
    .where(codeOrName(regions.code, regions.name, searchCode))
    .orderBy(asc(regions.name))
    .limit(limit ?? 20);
}

export async function listDivisions(_actor: Actor, { limit, searchCode }: LookupQuery) {
  return db
    .select({ id: divisions.id, code: divisions.code, name: divisions.name })
    .from(divisions)
    .where(codeOrName(divisions.code, divisions.name, searchCode))
    .orderBy(asc(divisions.name))
    .limit(limit ?? 100);
}

/** Subsidiaries: retailer staff see only theirs; the answer also carries the history screen's selected one. */
export async function listSubsidiaries(actor: Actor, { limit, searchCode }: LookupQuery) {
  const rows = await db
    .select({ id: subsidiaries.id, code: subsidiaries.code, name: subsidiaries.name, tinyMce: subsidiaries.tinyMce })
    .from(subsidiaries)
    .where(and(actor.scope.subsidiaries(), codeOrName(subsidiaries.code, subsidiaries.name, searchCode)))
    .orderBy(asc(subsidiaries.name))
    .limit(limit ?? 20);
  const [selection] = await db
    .select({ id: historySelections.subsidiaryId })
    .from(historySelections)
    .where(eq(historySelections.userId, actor.userId));
  const selected = rows.find((r) => r.id === selection?.id) ?? null;
  return { subsidiaries: rows, selected_subsidiary: selected };
}

/** Vendors: suppliers see only the vendors linked to them. */
export async function listVendors(actor: Actor, { limit, searchCode }: LookupQuery) {
  return db
    .select({ id: vendors.id, code: vendors.code, name: vendors.name })
    .from(vendors)
    .where(and(actor.scope.vendors(), codeOrName(vendors.code, vendors.name, searchCode)))
    .orderBy(asc(vendors.code))
    .limit(limit ?? 20);
}

/**
 * The inbox filter panel's option lists in one prepared round trip: every store, the first 100
 * regions and the actor's first 100 subsidiaries, each by name. Rendered on every inbox page, where
 * four separate look-ups cost more than the rest of the page's data.
 */
export async function inboxFilterOptions(actor: Actor): Promise<{
  stores: { id: number; code: string; name: string }[];
  regions: { id: number; name: string }[];
  subsidiaries: { tinyMce: string; name: string }[];
}> {
  const ids = actor.scope.subsidiaryIds;
  // As an array parameter, so the prepared statement's text is the same whatever the subsidiaries.
  const readable = ids ? sql`${subsidiaries.id} = any(${sql.param([...ids])}::int[])` : sql`true`;
  const [row] = await queryPrepared<Awaited<ReturnType<typeof inboxFilterOptions>>>(sql`select
    (select coalesce(json_agg(s order by s.name), '[]') from (select ${stores.id} as id, ${stores.code} as code, ${stores.name} as name from ${stores} order by ${stores.name} limit 1000) s) as stores,
    (select coalesce(json_agg(r order by r.name), '[]') from (select ${regions.id} as id, ${regions.name} as name from ${regions} order by ${regions.name} limit 100) r) as regions,
    (select coalesce(json_agg(c order by c.name), '[]') from (select ${subsidiaries.tinyMce} as "tinyMce", ${subsidiaries.name} as name from ${subsidiaries} where ${readable} order by ${subsidiaries.name} limit 100) c) as subsidiaries`);
  return row;
}

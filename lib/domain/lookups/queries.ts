import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '../../../db/client';
import { divisions, regions, stores, subsidiaries, vendors, historySelections } from '../../../db/schema';
import type { Actor } from '../../auth/actor';

import { escapeLike, intText } from '../query-text';

/**
 * Spec §9: type-ahead look-ups return 20 by default; the first subsidiary load asks for 100, which is
 * also the most any look-up answers: the boxes search the server (docs/architecture.md, look-ups).
 */
export const LOOKUP_DEFAULT_LIMIT = 20;
export const lookupQuerySchema = z.object({
  limit: intText('limit', { max: 100 }).optional(),
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
    .limit(limit ?? LOOKUP_DEFAULT_LIMIT);
}

export async function listRegions(_actor: Actor, { limit, searchCode }: LookupQuery) {
  return db
    .select({ id: regions.id, code: regions.code, name: regions.name, subsidiaryId: regions.subsidiaryId })
    .from(regions)
    .where(codeOrName(regions.code, regions.name, searchCode))
    .orderBy(asc(regions.name))
    .limit(limit ?? LOOKUP_DEFAULT_LIMIT);
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
    .limit(limit ?? LOOKUP_DEFAULT_LIMIT);
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
    .limit(limit ?? LOOKUP_DEFAULT_LIMIT);
}

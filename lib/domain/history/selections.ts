import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { historySelections, subsidiaries, vendors } from '../../../db/schema';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { NotFoundError } from '../errors';

/**
 * The history screen's state held on the server per user (spec §6): the chosen subsidiary and the
 * selected-vendor list. Kept in history_selections, so both survive signing out and in again and
 * follow the user to another browser.
 */
export type SelectedVendor = { id: number; code: string; name: string };
export type HistorySelection = {
  selected_subsidiary: { id: number; code: string; name: string; tinyMce: string } | null;
  data: SelectedVendor[];
};

export async function historySelection(actor: Actor): Promise<HistorySelection> {
  assertCan(actor, 'history.read');
  const [row] = await db.select().from(historySelections).where(eq(historySelections.userId, actor.userId));
  const [subsidiary] = row?.subsidiaryId
    ? await db
        .select({ id: subsidiaries.id, code: subsidiaries.code, name: subsidiaries.name, tinyMce: subsidiaries.tinyMce })
        .from(subsidiaries)
        .where(and(eq(subsidiaries.id, row.subsidiaryId), actor.scope.subsidiaries()))
    : [];
  const data = row?.vendorCodes.length
    ? await db
        .select({ id: vendors.id, code: vendors.code, name: vendors.name })
        .from(vendors)
        .where(and(inArray(vendors.code, row.vendorCodes), actor.scope.vendors()))
        .orderBy(asc(vendors.code))
    : [];
  return { selected_subsidiary: subsidiary ?? null, data };
}

async function save(actor: Actor, values: { subsidiaryId?: number | null; vendorCodes?: string[] }): Promise<void> {
  await db
    .insert(historySelections)
    .values({ userId: actor.userId, ...values })
    .onConflictDoUpdate({ target: historySelections.userId, set: { ...values, updatedAt: sql`now()` } });
}

/** GET /history/updateSubsidiary?id=: chooses the subsidiary (one the actor may see, else 404); no id clears it. */
export async function updateSubsidiary(actor: Actor, subsidiaryId: number | undefined): Promise<HistorySelection> {
  assertCan(actor, 'history.read');
  if (subsidiaryId === undefined) {
    await save(actor, { subsidiaryId: null });
    return historySelection(actor);
  }
  const [found] = await db
    .select({ id: subsidiaries.id })
    .from(subsidiaries)
    .where(and(eq(subsidiaries.id, subsidiaryId), actor.scope.subsidiaries()));
  if (!found) throw new NotFoundError('Subsidiary not found.');
  await save(actor, { subsidiaryId });
  return historySelection(actor);
}

/** GET /history/addVendor?code=: adds a vendor to the selected list (kept once; unknown codes are 404). */
export async function addSelectedVendor(actor: Actor, code: string): Promise<HistorySelection> {
  assertCan(actor, 'history.read');
  const [vendor] = await db
    .select({ code: vendors.code })
    .from(vendors)
    .where(and(eq(sql`upper(${vendors.code})`, code.toUpperCase()), actor.scope.vendors()));
  if (!vendor) throw new NotFoundError(`Vendor ${code} not found.`);
  // One statement, so two quick adds cannot lose one another.
  await db
    .insert(historySelections)
    .values({ userId: actor.userId, vendorCodes: [vendor.code] })
    .onConflictDoUpdate({
      target: historySelections.userId,
      set: {
        vendorCodes: sql`case when ${vendor.code} = any(${historySelections.vendorCodes}) then ${historySelections.vendorCodes}
          else array_append(${historySelections.vendorCodes}, ${vendor.code}) end`,
        updatedAt: sql`now()`,
      },
    });
  return historySelection(actor);
}

/** GET /history/clearVendors: empties the selected list. */
export async function clearSelectedVendors(actor: Actor): Promise<HistorySelection> {
  assertCan(actor, 'history.read');
  await save(actor, { vendorCodes: [] });
  return historySelection(actor);
}

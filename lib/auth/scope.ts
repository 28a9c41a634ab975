import { inArray, sql, type SQL } from 'drizzle-orm';
import { xdocs, items, pricings, itemChanges, pricingChanges, vendors, inboxCounts } from '../../db/schema';
import type { Actor } from './actor';

/**
 * The one place that turns an actor into row filters. Every query of documents, items, pricings,
 * vendors and changes takes its condition from here; there is no unscoped variant to reach for.
 */
const NOTHING = sql`false`;

function idsOrNothing(column: Parameters<typeof inArray>[0], ids: number[]): SQL {
  return ids.length ? inArray(column, ids) : NOTHING;
}

/** Documents the actor may read. */
export function documentsVisibleTo(actor: Actor): SQL | undefined {
  const { scope } = actor;
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'subsidiaries') return idsOrNothing(xdocs.subsidiaryId, scope.read);
  return idsOrNothing(xdocs.vendorId, scope.read);
}

/**
 * The inbox counter rows covering exactly the documents the actor may read; null when the scope is
 * not by vendor (retailer staff), whose totals must be counted from the documents themselves.
 */
export function inboxCountsVisibleTo(actor: Actor): SQL | undefined | null {
  const { scope } = actor;
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'vendors') return idsOrNothing(inboxCounts.vendorId, scope.read);
  return null;
}

/** Documents the actor may act on (respond, invoice, mark as read). */
export function documentsWritableBy(actor: Actor): SQL | undefined {
  const { scope } = actor;
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'subsidiaries') return idsOrNothing(xdocs.subsidiaryId, scope.write);
  return idsOrNothing(xdocs.vendorId, scope.write);
}

/** Whether the actor may act on one already-loaded document. */
export function canWriteDocument(actor: Actor, doc: { vendorId: number; subsidiaryId: number }): boolean {
  const { scope } = actor;
  if (scope.kind === 'all') return true;
  if (scope.kind === 'subsidiaries') return scope.write.includes(doc.subsidiaryId);
  return scope.write.includes(doc.vendorId);
}

/** Vendors the actor may see: suppliers only their linked vendors; staff all. */
export function vendorsVisibleTo(actor: Actor): SQL | undefined {
  return actor.scope.kind === 'vendors' ? idsOrNothing(vendors.id, actor.scope.read) : undefined;
}

export function itemsVisibleTo(actor: Actor): SQL | undefined {
  return actor.scope.kind === 'vendors' ? idsOrNothing(items.vendorId, actor.scope.read) : undefined;
}

export function pricingsVisibleTo(actor: Actor): SQL | undefined {
  const { scope } = actor;
  if (scope.kind === 'vendors') return sql`${pricings.itemId} in (select id from items where ${idsOrNothing(items.vendorId, scope.read)})`;
  if (scope.kind === 'subsidiaries') return sql`(${pricings.subsidiaryId} is null or ${idsOrNothing(pricings.subsidiaryId, scope.read)})`;
  return undefined;
}

export function itemChangesVisibleTo(actor: Actor): SQL | undefined {
  return actor.scope.kind === 'vendors' ? idsOrNothing(itemChanges.vendorId, actor.scope.read) : undefined;
}

export function pricingChangesVisibleTo(actor: Actor): SQL | undefined {
  return actor.scope.kind === 'vendors' ? idsOrNothing(pricingChanges.vendorId, actor.scope.read) : undefined;
}

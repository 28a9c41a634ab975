import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  auditEntries,
  historyCounts,
  historyDayCounts,
  inboxCounts,
  itemChanges,
  items,
  masterdataChanges,
  pricingChanges,
  pricings,
  subsidiaries,
  vendors,
  xdocs,
} from '../../db/schema';

/**
 * What a signed-in user's links allow it to see and change: internal users everything, retailer staff
 * their subsidiaries, suppliers the vendors linked to them. Write lists are subsets of read lists.
 */
export type Grants =
  { kind: 'all' } | { kind: 'subsidiaries'; read: number[]; write: number[] } | { kind: 'vendors'; read: number[]; write: number[] };

const NOTHING = sql`false`;
const EVERYTHING = sql`true`;

function idsOrNothing(column: PgColumn, ids: readonly number[]): SQL {
  return ids.length ? inArray(column, [...ids]) : NOTHING;
}

/**
 * The one place that turns grants into row conditions. Every query of documents, items, pricings,
 * vendors, subsidiaries and changes takes a Scope and asks it for its condition; a Scope is only made
 * from grants loaded for a signed-in user (lib/auth/actor.ts), so there is no unscoped variant to
 * reach for. Conditions are SQL (`true` for internal users), ready for `and(...)`.
 */
export class Scope {
  readonly #grants: Grants;

  constructor(grants: Grants) {
    this.#grants = Object.freeze({ ...grants });
  }

  get grants(): Grants {
    return this.#grants;
  }

  get kind(): Grants['kind'] {
    return this.#grants.kind;
  }

  /** Vendors whose documents this scope reads; null for every vendor (and for subsidiary scopes, which are not by vendor). */
  get vendorIds(): readonly number[] | null {
    return this.#grants.kind === 'vendors' ? this.#grants.read : null;
  }

  /** Subsidiaries this scope reads; null when it is not limited by subsidiary. */
  get subsidiaryIds(): readonly number[] | null {
    return this.#grants.kind === 'subsidiaries' ? this.#grants.read : null;
  }

  /** Documents it may read. */
  documents(): SQL {
    const g = this.#grants;
    if (g.kind === 'all') return EVERYTHING;
    return g.kind === 'subsidiaries' ? idsOrNothing(xdocs.subsidiaryId, g.read) : idsOrNothing(xdocs.vendorId, g.read);
  }

  /**
   * The documents of one vendor that it may read: for a supplier that vendor's documents when the vendor
   * is linked to it, else none (another supplier's vendor id reads nothing). Lists filtered by vendor,
   * and lists that read a supplier's vendors one by one, take this instead of documents().
   */
  documentsOfVendor(vendorId: number): SQL {
    const g = this.#grants;
    if (g.kind === 'vendors') return g.read.includes(vendorId) ? eq(xdocs.vendorId, vendorId) : NOTHING;
    return and(this.documents(), eq(xdocs.vendorId, vendorId)) ?? NOTHING;
  }

  /** Documents it may act on: write on the document's subsidiary (staff) or vendor (suppliers). */
  writableDocuments(): SQL {
    const g = this.#grants;
    if (g.kind === 'all') return EVERYTHING;
    return g.kind === 'subsidiaries' ? idsOrNothing(xdocs.subsidiaryId, g.write) : idsOrNothing(xdocs.vendorId, g.write);
  }

  /** Whether it may act on one already-loaded document. */
  canWriteDocument(doc: { vendorId: number; subsidiaryId: number }): boolean {
    const g = this.#grants;
    if (g.kind === 'all') return true;
    return g.kind === 'subsidiaries' ? g.write.includes(doc.subsidiaryId) : g.write.includes(doc.vendorId);
  }

  /** Whether it holds write on this vendor through a supplier link (the supplier's own acts need it). */
  writesForVendor(vendorId: number): boolean {
    return this.#grants.kind === 'vendors' && this.#grants.write.includes(vendorId);
  }

  /**
   * The inbox counter rows covering exactly the documents it may read; null when the scope is not by
   * vendor (retailer staff), whose totals must be counted from the documents themselves.
   */
  inboxCounts(): SQL | null {
    const g = this.#grants;
    if (g.kind === 'all') return EVERYTHING;
    return g.kind === 'vendors' ? idsOrNothing(inboxCounts.vendorId, g.read) : null;
  }

  /** The history counter rows covering exactly the documents it may read. */
  historyCounts(): SQL {
    const g = this.#grants;
    if (g.kind === 'all') return EVERYTHING;
    return g.kind === 'subsidiaries' ? idsOrNothing(historyCounts.subsidiaryId, g.read) : idsOrNothing(historyCounts.vendorId, g.read);
  }

  /**
   * The history day counter rows covering exactly the documents it may read; null for a scope by vendor,
   * which those counters (per day and subsidiary) do not hold.
   */
  historyDayCounts(): SQL | null {
    const g = this.#grants;
    if (g.kind === 'all') return EVERYTHING;
    return g.kind === 'subsidiaries' ? idsOrNothing(historyDayCounts.subsidiaryId, g.read) : null;
  }

  /**
   * The rows of a counter kept per subsidiary (the history's filter counters, lib/domain/history/totals.ts)
   * covering exactly the documents it may read; null for a scope by vendor, which such counters do not hold.
   */
  subsidiaryCounters(subsidiaryId: PgColumn): SQL | null {
    const g = this.#grants;
    if (g.kind === 'all') return EVERYTHING;
    return g.kind === 'subsidiaries' ? idsOrNothing(subsidiaryId, g.read) : null;
  }

  /** Vendors it may see: suppliers only their linked vendors; staff all. */
  vendors(): SQL {
    return this.#grants.kind === 'vendors' ? idsOrNothing(vendors.id, this.#grants.read) : EVERYTHING;
  }

  /** Subsidiaries it may see: retailer staff only theirs; everyone else all. */
  subsidiaries(): SQL {
    return this.#grants.kind === 'subsidiaries' ? idsOrNothing(subsidiaries.id, this.#grants.read) : EVERYTHING;
  }

  items(): SQL {
    return this.#grants.kind === 'vendors' ? idsOrNothing(items.vendorId, this.#grants.read) : EVERYTHING;
  }

  pricings(): SQL {
    const g = this.#grants;
    if (g.kind === 'vendors') return sql`${pricings.itemId} in (select id from items where ${idsOrNothing(items.vendorId, g.read)})`;
    if (g.kind === 'subsidiaries') return sql`(${pricings.subsidiaryId} is null or ${idsOrNothing(pricings.subsidiaryId, g.read)})`;
    return EVERYTHING;
  }

  /*
   * Changes (item, pricing, master data) by the vendor they are for. Suppliers read their linked vendors'
   * changes and approve none. Retailer staff read the changes of vendors trading with their subsidiaries
   * and approve those of vendors trading with a subsidiary they hold write on. "Trading with" is read
   * from the documents: a vendor trades with a subsidiary when at least one document (order, invoice,
   * delivery note …) between them exists; there is no separate vendor–subsidiary table to keep in step.
   */
  #changesOfVendors(vendorColumn: PgColumn, use: 'read' | 'approve'): SQL {
    const g = this.#grants;
    if (g.kind === 'all') return EVERYTHING;
    if (g.kind === 'vendors') return use === 'read' ? idsOrNothing(vendorColumn, g.read) : NOTHING;
    const subsidiaryIds = use === 'read' ? g.read : g.write;
    if (!subsidiaryIds.length) return NOTHING;
    return sql`${vendorColumn} in (select ${vendors.id} from ${vendors} where exists (
      select 1 from ${xdocs} where ${xdocs.vendorId} = ${vendors.id} and ${idsOrNothing(xdocs.subsidiaryId, subsidiaryIds)}))`;
  }

  itemChanges(): SQL {
    return this.#changesOfVendors(itemChanges.vendorId, 'read');
  }

  pricingChanges(): SQL {
    return this.#changesOfVendors(pricingChanges.vendorId, 'read');
  }

  masterdataChanges(): SQL {
    return this.#changesOfVendors(masterdataChanges.vendorId, 'read');
  }

  /** The changes of this vendor column it may approve or reject (the role must also hold the action). */
  approvableChanges(vendorColumn: PgColumn): SQL {
    return this.#changesOfVendors(vendorColumn, 'approve');
  }

  /** Audit entries it may read: internal users all; others only those of documents they may read. */
  auditEntries(): SQL {
    if (this.#grants.kind === 'all') return EVERYTHING;
    return sql`${auditEntries.xdocId} in (select ${xdocs.id} from ${xdocs} where ${this.documents()})`;
  }
}

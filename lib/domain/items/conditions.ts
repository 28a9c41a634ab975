import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { itemChanges, items, vendors } from '../../../db/schema';
import type { Scope } from '../../auth/scope';
import { escapeLike } from '../query-text';
import type { CatalogueFilter } from './schemas';

/** An item with a change awaiting approval is 'pending' in the lists, whatever its stored status. */
export const hasPendingItemChange = sql<boolean>`exists (select 1 from ${itemChanges} where ${itemChanges.itemId} = ${items.id} and ${itemChanges.status} = 'pending')`;

const like = (text: string) => `%${escapeLike(text)}%`;

/**
 * The item conditions the item and pricing lists share: the scope's items, then the filter's search
 * (code, description, barcode), vendor (searchCode: code or name) and item state. `pendingCheck` is
 * the status filter's "awaits approval" condition, which differs between items and prices.
 */
export function itemConditions(scope: Scope, filter: CatalogueFilter, pendingCheck: SQL): SQL | undefined {
  const { search, searchCode, active, status } = filter;
  return and(
    scope.items(),
    search ? or(ilike(items.catalogueCode, like(search)), ilike(items.descr, like(search)), ilike(items.barcode, like(search))) : undefined,
    searchCode ? or(ilike(vendors.code, like(searchCode)), ilike(vendors.name, like(searchCode))) : undefined,
    active === 'all' ? undefined : eq(items.active, active === 'active'),
    status === 'pending' ? pendingCheck : status === 'approved' ? sql`not ${pendingCheck}` : undefined,
  );
}

import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';

/**
 * Server-side sorting, the one contract every paged list shares (inbox, history, users, items, pricing,
 * changes). A list names the columns it offers; the query takes `sort` (one of those names) and
 * `direction` (`asc` or `desc`, default `asc`); no `sort` means the list's own order. The whole
 * filtered list is sorted before it is paged, so page 2 continues where page 1 ended.
 *
 * The ORDER BY is literal SQL chosen from the list's own table of columns, never text from the
 * request: each sort is then its own prepared statement with its own generic plan, which can read
 * an index in that order and stop after the page (give every offered column an index that does).
 * Ties are broken by the row's id in the same direction, so the order is stable from page to page.
 * Empty values come last when ascending and first when descending: the exact reverse, which is what
 * lets one index serve both directions.
 */

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** What a request asked for; both absent means the list's own order. */
export type SortInput<Key extends string = string> = { sort?: Key; direction?: SortDirection };

/**
 * The `sort` and `direction` query parameters of a list, validated against the columns it offers; spread
 * into the list's query schema: `filterSchema.extend(sortParams(ORDER_SORTS))`.
 */
export function sortParams<const Key extends string>(keys: readonly [Key, ...Key[]]) {
  return {
    sort: z.enum(keys, { message: `sort must be one of: ${keys.join(', ')}.` }).optional(),
    direction: z.enum(SORT_DIRECTIONS, { message: 'direction must be asc or desc.' }).optional(),
  };
}

/** The columns a list offers, by their API name, each an ascending SQL expression. */
export type SortColumns<Key extends string> = Readonly<Record<Key, PgColumn | SQL>>;

/**
 * ORDER BY for a request: the chosen column in its direction with `tiebreak` after it, or the list's
 * `defaultOrder` when no sort is asked for. `sort` must already be validated (sortParams).
 */
export function orderBySql<Key extends string>(
  input: SortInput<Key>,
  columns: SortColumns<Key>,
  { tiebreak, defaultOrder }: { tiebreak: PgColumn; defaultOrder: SQL },
): SQL {
  if (!input.sort) return defaultOrder;
  if (!Object.hasOwn(columns, input.sort)) throw new Error(`Unknown sort column: ${input.sort}`);
  const column = columns[input.sort];
  return input.direction === 'desc' ? sql`${column} desc nulls first, ${tiebreak} desc` : sql`${column} asc nulls last, ${tiebreak} asc`;
}

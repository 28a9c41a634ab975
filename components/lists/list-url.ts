import type { SortState } from './sort-rows';
import { PAGE_SIZES } from './page-size';

/**
 * A list's state lives in the address bar, so any view can be linked, bookmarked, reloaded or returned
 * to after signing in: its filters (by their API parameter names), `page`, the page size and
 * `sort` + `direction` (the server's sort contract, lib/domain/sorting.ts). These read and write that
 * state; pass the changes to pushQuery (lib/client/location.ts).
 */

export interface ListUrlState<Filter extends string = string> {
  filters: Partial<Record<Filter, string>>;
  page: number;
  /** null when the address does not say: the screen's cookie or default applies. */
  pageSize: number | null;
  sort: SortState | null;
}

export interface ListUrlSpec<Filter extends string = string> {
  filters: readonly Filter[];
  /** The sort keys the list offers; anything else in the address is ignored. */
  sortKeys: readonly string[];
  /** The page-size parameter: `results` for document lists, `pageLimit` or `per_page` elsewhere. */
  pageSizeParam?: string;
}

/** An address's query: a query string, its params, or Next's searchParams. */
export type Search = string | URLSearchParams | Record<string, string | string[] | undefined>;

/** The query as URLSearchParams, taking the first of repeated values. */
export function paramsOf(search: Search): URLSearchParams {
  if (typeof search === 'string' || search instanceof URLSearchParams) return new URLSearchParams(search);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) params.set(key, first);
  }
  return params;
}

/** A page number from the address; anything that is not a whole number from 1 is page 1. */
export function pageFrom(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 && page <= 1_000_000 ? page : 1;
}

/** The list's state as the address gives it (a query string, its params, or Next's searchParams). */
export function readListUrl<Filter extends string>(search: Search, spec: ListUrlSpec<Filter>): ListUrlState<Filter> {
  const params = paramsOf(search);
  const filters: Partial<Record<Filter, string>> = {};
  for (const name of spec.filters) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value.slice(0, 200);
  }
  const size = Number(params.get(spec.pageSizeParam ?? 'results'));
  const sortKey = params.get('sort');
  const sort =
    sortKey && spec.sortKeys.includes(sortKey)
      ? { columnId: sortKey, direction: params.get('direction') === 'desc' ? 'desc' : 'asc' }
      : null;
  return {
    filters,
    page: pageFrom(params.get('page')),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : null,
    sort: sort as SortState | null,
  };
}

/**
 * The address changes that show `state`: every filter of the list set or cleared, page 1 and the
 * original order left out (they are the defaults), the page size only when given.
 */
export function listUrlChanges<Filter extends string>(
  state: Partial<ListUrlState<Filter>>,
  spec: ListUrlSpec<Filter>,
): Record<string, string | number | null> {
  const changes: Record<string, string | number | null> = {};
  if (state.filters) for (const name of spec.filters) changes[name] = state.filters[name]?.trim() || null;
  if (state.page !== undefined) changes.page = state.page > 1 ? state.page : null;
  if (state.pageSize !== undefined) changes[spec.pageSizeParam ?? 'results'] = state.pageSize;
  if (state.sort !== undefined) {
    changes.sort = state.sort?.columnId ?? null;
    changes.direction = state.sort ? state.sort.direction : null;
  }
  return changes;
}

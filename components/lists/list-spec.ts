import {
  createLoader,
  createParser,
  parseAsNumberLiteral,
  parseAsString,
  parseAsStringLiteral,
  type SingleParserBuilder,
} from 'nuqs/server';
import type { Query } from '@/lib/client/api';
import type { ResultPager } from '@/lib/domain/paging';
import { PAGE_SIZES } from './page-size';

/**
 * What a list screen declares (docs/architecture.md, "The client side"): its endpoint, its filters as
 * URL parsers, the sort keys the server offers, the page-size parameter and how to read rows and the
 * pager out of the answer. Plain data, no React: the server page reads the same address with it
 * (loadListState) and renders the first page for exactly the question the browser then asks.
 */

/** A filter's parser: the value is the API's query string (FilterPanel edits strings). */
export type FilterParser = SingleParserBuilder<string>;
export type FilterParsers = Record<string, FilterParser>;

/** Filters that are plain text in the address (most of them): `textFilters('owner', 'docno')`. */
export function textFilters<const Name extends string>(...names: Name[]): Record<Name, FilterParser> {
  return Object.fromEntries(names.map((name) => [name, parseAsString])) as Record<Name, FilterParser>;
}

/** `page`: a whole number from 1; anything else reads as page 1, which the address leaves out. */
export const pageParser = createParser({
  parse: (value) => (/^\d{1,7}$/.test(value) && Number(value) >= 1 ? Number(value) : null),
  serialize: String,
}).withDefault(1);

/** The page size: only one of the offered sizes; otherwise the screen's default (or cookie) applies. */
export const pageSizeParser = parseAsNumberLiteral(PAGE_SIZES);
export const directionParser = parseAsStringLiteral(['asc', 'desc'] as const);

export interface ListSpecInput<Answer, Row, Filters extends FilterParsers, Sort extends string> {
  /** The API path, e.g. '/audit/entries'. */
  endpoint: string;
  filters: Filters;
  /** The columns the server sorts by (its `sortParams`); anything else in the address is ignored. */
  sortKeys: readonly Sort[];
  /** The page size's name in the address and the API: `pageLimit` (default) or `results` (document lists). */
  pageSizeParam?: 'pageLimit' | 'results' | 'per_page';
  defaultPageSize: number;
  /** The rows and the pager of an answer. */
  read: (answer: Answer) => { rows: readonly Row[]; pager: ResultPager };
}

/** Every list's parsers: its filters plus page, page size, sort and direction. */
function parsersOf<Filters extends FilterParsers, Sort extends string>(filters: Filters, sortKeys: readonly Sort[]) {
  return { ...filters, page: pageParser, pageLimit: pageSizeParser, sort: parseAsStringLiteral(sortKeys), direction: directionParser };
}

/** The names in the address that differ from the state's (only the page size's may). */
type UrlKeys<Filters extends FilterParsers, Sort extends string> = Partial<
  Record<keyof ReturnType<typeof parsersOf<Filters, Sort>>, string>
>;

/** A declared list: the screen's input plus the parsers and address keys the mechanism uses. */
export function defineList<Answer, Row, Filters extends FilterParsers, Sort extends string>(
  input: ListSpecInput<Answer, Row, Filters, Sort>,
) {
  const pageSizeParam = input.pageSizeParam ?? 'pageLimit';
  return {
    ...input,
    pageSizeParam,
    parsers: parsersOf(input.filters, input.sortKeys),
    urlKeys: { pageLimit: pageSizeParam } as UrlKeys<Filters, Sort>,
  };
}
export type ListSpec<Answer, Row, Filters extends FilterParsers, Sort extends string> = ReturnType<
  typeof defineList<Answer, Row, Filters, Sort>
>;

/** A list's state as the address holds it (null: not in the address). */
export type ListState<Filters extends FilterParsers, Sort extends string> = { [K in keyof Filters]: string | null } & {
  page: number;
  pageLimit: (typeof PAGE_SIZES)[number] | null;
  sort: Sort | null;
  direction: 'asc' | 'desc' | null;
};

/** The list's state read from a server page's searchParams, with the same parsers the browser uses. */
export function loadListState<Filters extends FilterParsers, Sort extends string>(
  spec: ListSpec<never, unknown, Filters, Sort>,
  searchParams: Promise<Record<string, string | string[] | undefined>>,
): Promise<ListState<Filters, Sort>> {
  return createLoader(spec.parsers, { urlKeys: spec.urlKeys })(searchParams) as Promise<ListState<Filters, Sort>>;
}

/**
 * The API query of a state: the filters that have a value, the page, the page size (`pageSize` when the
 * address does not say: a cookie or the screen's default) and the sort with its direction.
 */
export function listQuery<Filters extends FilterParsers, Sort extends string>(
  spec: ListSpec<never, unknown, Filters, Sort>,
  state: ListState<Filters, Sort>,
  pageSize: number = spec.defaultPageSize,
): Query {
  const query: Query = {};
  for (const name of Object.keys(spec.filters)) {
    const value = state[name]?.trim();
    if (value) query[name] = value;
  }
  query.page = state.page;
  query[spec.pageSizeParam] = state.pageLimit ?? pageSize;
  if (state.sort) {
    query.sort = state.sort;
    query.direction = state.direction ?? 'asc';
  }
  return query;
}

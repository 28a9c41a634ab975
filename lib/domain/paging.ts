import { z } from 'zod';
import { intText } from './query-text';

/**
 * The two page shapes of spec §3, in one place: the result pager of document lists (inbox, history)
 * and the Laravel-style page of the administration lists (users, vendors, items, pricing, changes).
 */

/**
 * Spec §3 result pager: `results` is the page size. `totalCapped` (our addition, docs/api.md "Departures
 * from the spec") says there are more than `totalResults` results: a total no counter holds is counted
 * only up to a cap, so that it costs the same however many documents match.
 */
export type ResultPager = { results: number; resultPage: number; totalPages: number; totalResults: number; totalCapped?: true };

export function resultPager(results: number, page: number, totalResults: number): ResultPager {
  return { results, resultPage: page, totalPages: Math.ceil(totalResults / results), totalResults };
}

/** Above this many, a total counted from the documents themselves is "more than 10,000" (see cappedCountSql). */
export const TOTAL_CAP = 10_000;

/** The pager of a total counted up to `cap` (cappedCountSql): past the cap it says "more than `cap`". */
export function cappedResultPager(results: number, page: number, counted: number, cap = TOTAL_CAP): ResultPager {
  return counted > cap ? { ...resultPager(results, page, cap), totalCapped: true } : resultPager(results, page, counted);
}

/** Spec §3 Laravel-style page, without its rows. */
export const laravelPagerSchema = z.object({
  per_page: z.number().int(),
  current_page: z.number().int(),
  last_page: z.number().int(),
  total: z.number().int(),
});

/** Spec §3 Laravel-style page of `row`s: the one page schema the server answers and the screens read. */
export const laravelPageSchema = <Row extends z.ZodType>(row: Row) => laravelPagerSchema.extend({ data: z.array(row) });

/** A Laravel-style page of rows of type T (inferred from laravelPageSchema). */
export type LaravelPage<T> = z.infer<typeof laravelPagerSchema> & { data: T[] };

export function laravelPage<T>(data: T[], perPage: number, page: number, total: number): LaravelPage<T> {
  return { data, per_page: perPage, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), total };
}

/**
 * The one conversion between the two page shapes: a Laravel page as the result pager the pagination
 * widget reads. An empty list has no pages (no "Last" link to a page 1 of nothing).
 */
export function pagerOf(page: z.infer<typeof laravelPagerSchema>): ResultPager {
  return { results: page.per_page, resultPage: page.current_page, totalPages: page.total ? page.last_page : 0, totalResults: page.total };
}

/** Rows to skip for a 1-based page. */
export const offsetOf = (page: number, size: number) => (page - 1) * size;

export const MAX_PAGE = 1_000_000;

/** `page` of a query string: a whole number from 1, default 1. */
export const pageParam = () => intText('page', { max: MAX_PAGE }).default(1);

/** A page-size parameter (`results`, `pageLimit`, `per_page`) with its default and ceiling. */
export const pageSizeParam = (name: string, fallback: number, max = 500) => intText(name, { max }).default(fallback);

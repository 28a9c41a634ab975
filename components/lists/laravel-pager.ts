import type { ResultPager } from './pagination';

export type LaravelPageLike = { per_page: number; current_page: number; last_page: number; total: number };

/** The Laravel-style page of the administration lists (spec §3) as the pagination widget's pager. */
export function pagerOfPage(page: LaravelPageLike): ResultPager {
  return { results: page.per_page, resultPage: page.current_page, totalPages: page.last_page, totalResults: page.total };
}

/** The address of another page of a list whose filters are in the query string. */
export function hrefWithPage(path: string, params: Record<string, string | undefined>, page: number): string {
  const query = new URLSearchParams(Object.entries({ ...params, page: String(page) }).filter((e): e is [string, string] => Boolean(e[1])));
  return `${path}?${query}`;
}

'use client';

import type { MouseEvent } from 'react';
import { useLocationSearch } from '@/lib/client/location';

/** The pager the API returns with every paged list (spec §3); numbers may arrive as strings. */
export interface ResultPager {
  results: number | string;
  resultPage: number | string;
  totalPages: number | string;
  totalResults: number | string;
  /** There are more than totalResults results: a total counted only up to a cap (docs/api.md, Departures from the spec). */
  totalCapped?: boolean;
}

export interface PaginationProps {
  resultPager: ResultPager;
  /**
   * Called when a page is chosen, instead of following the link; the caller owns the address (the list
   * mechanism writes `page` there, components/lists/use-list.ts). Without it the links navigate.
   */
  onPageChange?: (page: number) => void;
  hrefForPage?: (page: number) => string;
  className?: string;
}

export const PAGE_WINDOW_SIZE = 5;

/** Page numbers to show: a window of `size` around current, shifted to stay inside 1..total. */
export function pageWindow(current: number, total: number, size = PAGE_WINDOW_SIZE): number[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(1, current), total);
  let start = Math.max(1, page - Math.floor(size / 2));
  const end = Math.min(total, start + size - 1);
  start = Math.max(1, end - size + 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** The 'showing X - Y' bounds of a page, or null when the page has no results. */
export function pageRange(pager: ResultPager): { from: number; to: number; total: number } | null {
  const size = Number(pager.results);
  const page = Number(pager.resultPage);
  const total = Number(pager.totalResults);
  const from = (page - 1) * size + 1;
  if (!(total > 0 && size > 0 && page > 0) || from > total) return null;
  return { from, to: Math.min(page * size, total), total };
}

/** The query string with page set, other parameters kept ('?status=all&page=3'). */
export function withPageParam(search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.set('page', String(page));
  return `?${params.toString()}`;
}

export function Pagination({ resultPager, onPageChange, hrefForPage, className }: PaginationProps) {
  // '' on the server; once hydrated, the links keep the page's other query parameters.
  const search = useLocationSearch();

  const current = Number(resultPager.resultPage) || 1;
  const totalPages = Number(resultPager.totalPages) || 0;
  const pages = pageWindow(current, totalPages);
  const range = pageRange(resultPager);
  const href = (page: number) => (hrefForPage ? hrefForPage(page) : withPageParam(search, page));

  function choose(event: MouseEvent<HTMLAnchorElement>, page: number) {
    if (!onPageChange) return;
    event.preventDefault();
    onPageChange(page);
  }

  const link = (page: number, label: string, extraClass = '') => (
    <li key={`${label}-${page}`}>
      <a
        href={href(page)}
        className={`pagination__link ${extraClass}`.trim()}
        aria-current={page === current && extraClass === '' ? 'page' : undefined}
        aria-label={extraClass ? `${label} page (${page})` : `Page ${page}`}
        onClick={(e) => choose(e, page)}
      >
        {label}
      </a>
    </li>
  );

  return (
    <div className={`pagination ${className ?? ''}`.trim()}>
      {range ? (
        <p className="pagination__summary">
          showing {range.from} - {range.to} of {resultPager.totalCapped ? `more than ${range.total.toLocaleString('en-US')}` : range.total}{' '}
          results
        </p>
      ) : null}
      {pages.length > 0 ? (
        <nav aria-label="Pagination">
          <ul className="pagination__list">
            {pages[0] > 1 ? link(1, 'First', 'pagination__link--edge') : null}
            {pages.map((page) => link(page, String(page)))}
            {/* Past a capped total the last page is not known. */}
            {resultPager.totalCapped ? null : link(totalPages, 'Last', 'pagination__link--edge')}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

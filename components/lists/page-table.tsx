'use client';

import type { ReactNode } from 'react';
import { Pagination } from './pagination';
import { pagerOf, type LaravelPage } from '@/lib/domain/paging';
import { hrefWithPage } from './laravel-pager';

export interface PageTableProps {
  caption: ReactNode;
  headers: ReactNode[];
  /** The rows (<tr>); none shows `emptyText` across every column. */
  rows: ReactNode[];
  emptyText: string;
  page: Omit<LaravelPage<unknown>, 'data'>;
  /** The list's address and its query-string filters, for the page links. */
  path: string;
  params: Record<string, string | undefined>;
}

/**
 * A Laravel-style page (spec §3) as a table with its pagination, for lists whose filters live in the query
 * string. A client component: server pages hand it the path and filters, it makes the page links itself.
 */
export function PageTable({ caption, headers, rows, emptyText, page, path, params }: PageTableProps) {
  return (
    <div className="card table-wrap">
      <table className="table">
        <caption className="muted">{caption}</caption>
        <thead>
          <tr>
            {headers.map((h, i) => (
              <th key={i}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length ? (
            rows
          ) : (
            <tr className="table__empty">
              <td colSpan={headers.length}>{emptyText}</td>
            </tr>
          )}
        </tbody>
      </table>
      <Pagination resultPager={pagerOf(page)} hrefForPage={(n) => hrefWithPage(path, params, n)} />
    </div>
  );
}

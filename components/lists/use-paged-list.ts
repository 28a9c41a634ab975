'use client';

import { useCallback, useRef, useState } from 'react';
import { api, type Query } from '@/lib/client/api';
import { pagerOf, type LaravelPage } from '@/lib/domain/paging';
import type { ListStatus } from './sortable-table';

// Kept for the screens not yet on useList (use-list.ts); this file goes when they are.
export type { LaravelPage } from '@/lib/domain/paging';

export const emptyPage = <T>(perPage: number): LaravelPage<T> => ({ data: [], per_page: perPage, current_page: 1, last_page: 1, total: 0 });

/**
 * One Laravel-paged list (changes, master-data history, audit entries): loads `path` with the filters,
 * `page` and `pageLimit`, and keeps the last answer. `key` names the page in the answer ({changes: page}).
 * A newer load wins over an older one still in flight; failures keep the rows and say so (spec §8:
 * list loads fail silently apart from the loading state).
 */
export function usePagedList<T>(path: string, key: string, initial: { page: LaravelPage<T>; filters: Query }) {
  const [page, setPage] = useState(initial.page);
  const [filters, setFilters] = useState<Query>(initial.filters);
  const [status, setStatus] = useState<ListStatus>('ready');
  const latest = useRef(0);

  const load = useCallback(
    async (next: { filters?: Query; page?: number; pageLimit?: number; path?: string } = {}) => {
      const request = ++latest.current;
      const query = { ...(next.filters ?? filters), page: next.page ?? page.current_page, pageLimit: next.pageLimit ?? page.per_page };
      if (next.filters) setFilters(next.filters);
      setStatus('loading');
      try {
        const answer = await api.get<Record<string, LaravelPage<T>>>(next.path ?? path, query);
        if (request !== latest.current) return;
        setPage(answer[key]);
        setStatus('ready');
      } catch {
        if (request === latest.current) setStatus('error');
      }
    },
    [path, key, filters, page.current_page, page.per_page],
  );

  const pager = pagerOf(page);
  /** ListFrame's paging props, for a list with no more to do on a page change than load it. */
  const frame = {
    loading: status === 'loading',
    pageSize: page.per_page,
    onPageSizeChange: (size: number) => void load({ page: 1, pageLimit: size }),
    pager,
    onPageChange: (next: number) => void load({ page: next }),
  };
  /** FilterPanel's value and handlers: Search loads page 1 with the filters, Reset with none. */
  const filterPanel = {
    values: filters as Record<string, string>,
    lookups: {},
    onApply: (next: Record<string, string | undefined>) => void load({ filters: next, page: 1 }),
    onReset: () => void load({ filters: {}, page: 1 }),
  };
  return { page, rows: page.data, filters, status, loading: status === 'loading', load, pager, frame, filterPanel };
}

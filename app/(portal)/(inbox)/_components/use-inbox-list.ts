'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListStatus } from '@/components/lists/sortable-table';
import type { SortState } from '@/components/lists/sort-rows';
import { api, ApiRequestError } from '@/lib/client/api';
import { hasFilters, listQuery, type FilterErrors, type FilterValues } from './filters';
import { readInboxUrl } from './inbox-url';
import { LIST_ENDPOINTS, toListPage, type ListId, type ListPage } from './tabs';

export interface UseInboxListOptions {
  tab: ListId;
  /** The first page as the server rendered it, if it did. */
  initial: ListPage | null;
  initialPage: number;
  initialFilters: FilterValues;
  initialSort: SortState | null;
  pageSize: number;
  /** Whether the address may carry a vendor filter (a user with several vendors). */
  withVendor: boolean;
  /** Told the total of each unfiltered load; the counters keep only each tab's first one (counters.ts). */
  onLoaded: (tab: ListId, totalResults: number | string) => void;
}

/** One request of a list: which page, with which filters, size and sort. */
export interface ListRequest {
  page: number;
  filters: FilterValues;
  size: number;
  sort: SortState | null;
}

/** A search the server refused (422): its message, and the ones for particular filters. */
export interface RefusedSearch {
  message: string;
  fields: FilterErrors;
}

const EMPTY: ListPage = { rows: [], pager: { results: 0, resultPage: 1, totalPages: 0, totalResults: 0 } };

function refusedSearch(error: ApiRequestError): RefusedSearch {
  const fields: FilterErrors = {};
  for (const [name, messages] of Object.entries(error.errors ?? {})) if (messages?.[0]) fields[name as keyof FilterErrors] = messages[0];
  return { message: error.message, fields };
}

/**
 * One inbox list: loads pages with the applied filters, page size and sort, drops answers that arrive
 * after a newer request, and follows the address bar on back/forward. A failed load is kept as the
 * 'error' status (the table then says "Could not load" and offers Retry, never the empty-list text);
 * a search the server refuses (422, e.g. a reversed date range) keeps its messages for the filter panel.
 */
export function useInboxList({
  tab,
  initial,
  initialPage,
  initialFilters,
  initialSort,
  pageSize,
  withVendor,
  onLoaded,
}: UseInboxListOptions) {
  const [data, setData] = useState<ListPage>(initial ?? EMPTY);
  const [status, setStatus] = useState<ListStatus>(initial ? 'ready' : 'loading');
  const [refused, setRefused] = useState<RefusedSearch | null>(null);
  const [filters, setFilters] = useState<FilterValues>(initialFilters);
  const [sort, setSort] = useState<SortState | null>(initialSort);
  const sequence = useRef(0);
  const last = useRef<ListRequest>({ page: initialPage, filters: initialFilters, size: pageSize, sort: initialSort });
  // The rows as last committed: answers of slow calls (bulk responses, mark as read) must edit the
  // current page, not the one their handler closed over.
  const latest = useRef<ListPage>(data);
  const commit = useCallback((next: ListPage) => {
    latest.current = next;
    setData(next);
  }, []);

  const fetchPage = useCallback(
    (request: ListRequest): Promise<void> => {
      const id = ++sequence.current;
      last.current = request;
      setStatus('loading');
      setRefused(null);
      return api.get<unknown>(LIST_ENDPOINTS[tab], listQuery(request.filters, request.size, request.page, request.sort)).then(
        (body) => {
          if (id !== sequence.current) return; // a newer request is on its way
          const next = toListPage(body);
          commit(next);
          setStatus('ready');
          setRefused(null);
          // Counters count the whole tab: a filtered total is not the tab's number.
          if (!hasFilters(request.filters)) onLoaded(tab, next.pager.totalResults);
        },
        (error: unknown) => {
          if (id !== sequence.current) return;
          if (error instanceof ApiRequestError && error.status === 422) {
            // Not a failure to load: the search cannot be made. The rows of the last search stay.
            setRefused(refusedSearch(error));
            setStatus('ready');
          } else {
            setStatus('error');
          }
        },
      );
    },
    [tab, onLoaded, commit],
  );

  /** Loads a page; filters, size and sort default to the ones in force. */
  const load = useCallback(
    (page: number, changes: Partial<Omit<ListRequest, 'page'>> = {}) => {
      void fetchPage({ page, filters, size: pageSize, sort, ...changes });
    },
    [fetchPage, filters, pageSize, sort],
  );

  const applyFilters = useCallback(
    (next: FilterValues) => {
      setFilters(next);
      load(1, { filters: next });
    },
    [load],
  );

  const changeSort = useCallback(
    (next: SortState | null) => {
      setSort(next);
      load(1, { sort: next });
    },
    [load],
  );

  /** Asks again for what failed (or last asked for). */
  const retry = useCallback(() => void fetchPage(last.current), [fetchPage]);

  // The first page, when the server did not render it (another tab was opened first).
  useEffect(() => {
    if (!initial) void fetchPage(last.current);
    // Only on mount: later loads come from the user's actions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Back and forward show the list the address describes.
  useEffect(() => {
    const onPopState = () => {
      const url = readInboxUrl(window.location.search, { withVendor });
      if (url.list !== tab) return;
      setFilters(url.filters);
      setSort(url.sort);
      void fetchPage({ page: url.page, filters: url.filters, sort: url.sort, size: url.pageSize ?? pageSize });
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [tab, withVendor, pageSize, fetchPage]);

  /** Takes documents off the page at once (answered or read); refills the page when it runs empty. */
  const remove = useCallback(
    (ids: readonly string[]) => {
      const current = latest.current;
      const gone = new Set(ids);
      const rows = current.rows.filter((row) => !gone.has(row.tinyMce));
      const removed = current.rows.length - rows.length;
      if (removed === 0) return;
      const size = Number(current.pager.results) || pageSize;
      const total = Math.max(0, Number(current.pager.totalResults) - removed);
      const totalPages = Math.ceil(total / size);
      commit({ rows, pager: { ...current.pager, totalResults: total, totalPages } });
      if (rows.length === 0 && total > 0) load(Math.min(Number(current.pager.resultPage) || 1, totalPages));
    },
    [pageSize, load, commit],
  );

  return {
    rows: data.rows,
    pager: data.pager,
    status,
    loading: status === 'loading',
    refused,
    filters,
    sort,
    load,
    applyFilters,
    changeSort,
    retry,
    remove,
  };
}

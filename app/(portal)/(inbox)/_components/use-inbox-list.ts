'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/lib/client/api';
import { listQuery, type FilterValues } from './filters';
import { LIST_ENDPOINTS, parsePage, parseTab, toListPage, type ListPage, type ListTabId } from './tabs';

export interface UseInboxListOptions {
  tab: ListTabId;
  /** The first page as the server rendered it, if it did. */
  initial: ListPage | null;
  initialPage: number;
  initialFilters: FilterValues;
  pageSize: number;
  /** Told every loaded total; the counters keep only each tab's first one (counters.ts). */
  onLoaded: (tab: ListTabId, totalResults: number | string) => void;
}

const EMPTY: ListPage = { rows: [], pager: { results: 0, resultPage: 1, totalPages: 0, totalResults: 0 } };

/**
 * One inbox list: loads pages with the applied filters and page size, drops answers that arrive after a
 * newer request, and follows the address bar's ?page= on back/forward. Load failures are silent (spec §8).
 */
export function useInboxList({ tab, initial, initialPage, initialFilters, pageSize, onLoaded }: UseInboxListOptions) {
  const [data, setData] = useState<ListPage>(initial ?? EMPTY);
  const [loading, setLoading] = useState(!initial);
  const [filters, setFilters] = useState<FilterValues>(initialFilters);
  const sequence = useRef(0);
  // The rows as last committed: answers of slow calls (bulk responses, mark as read) must edit the
  // current page, not the one their handler closed over.
  const latest = useRef<ListPage>(data);
  const commit = useCallback((next: ListPage) => {
    latest.current = next;
    setData(next);
  }, []);

  const fetchPage = useCallback(
    (page: number, applied: FilterValues, size: number): Promise<void> => {
      const id = ++sequence.current;
      return api.get<unknown>(LIST_ENDPOINTS[tab], listQuery(applied, size, page)).then(
        (body) => {
          if (id !== sequence.current) return; // a newer request is on its way
          const next = toListPage(body);
          commit(next);
          setLoading(false);
          onLoaded(tab, next.pager.totalResults);
        },
        () => {
          // Spec §8: list loads fail silently; the indicator stops and the rows stay as they were.
          if (id === sequence.current) setLoading(false);
        },
      );
    },
    [tab, onLoaded, commit],
  );

  /** Loads a page; filters and size default to the ones in force. */
  const load = useCallback(
    (page: number, applied: FilterValues = filters, size: number = pageSize) => {
      setLoading(true);
      void fetchPage(page, applied, size);
    },
    [fetchPage, filters, pageSize],
  );

  const applyFilters = useCallback(
    (next: FilterValues) => {
      setFilters(next);
      load(1, next);
    },
    [load],
  );

  // The first page, when the server did not render it (another tab was opened first).
  useEffect(() => {
    if (!initial) void fetchPage(initialPage, initialFilters, pageSize);
    // Only on mount: later loads come from the user's actions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Back and forward move between pages this list wrote to the address bar.
  useEffect(() => {
    const onPopState = () => {
      const params = new URLSearchParams(window.location.search);
      if (parseTab(params.get('tab')) === tab) load(parsePage(params.get('page')));
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [tab, load]);

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

  return { rows: data.rows, pager: data.pager, loading, filters, load, applyFilters, remove };
}

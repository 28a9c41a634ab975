'use client';

import { useMemo, useState } from 'react';
import { hashKey, keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useQueryStates } from 'nuqs';
import { api, type Query } from '@/lib/client/api';
import type { FilterValues } from './filter-panel';
import { listQuery, type FilterParsers, type ListSpec, type ListState } from './list-spec';
import type { SortState } from './sort-rows';
import type { ListStatus } from './sortable-table';

export interface UseListOptions<Answer> {
  /** The first page as the server rendered it, for the address the page was loaded with. */
  initial?: Answer;
  /** The page size when the address gives none (a cookie); else the list's default. */
  pageSize?: number;
  /** Parameters the address does not carry (a selection held on the server), sent with every request. */
  extraQuery?: Query;
  /** false: do not ask (the screen found the filters cannot be searched for). */
  enabled?: boolean;
}

/**
 * One list: its state in the address bar (nuqs; page, sort and filter changes are history entries, so
 * back and forward step through them), its rows from the data layer (TanStack Query, keyed by the
 * request, so a slow earlier answer is aborted and can never replace a newer one), and what the frame,
 * the filter panel and the table need. See docs/architecture.md, "The client side".
 */
export function useList<Answer, Row, Filters extends FilterParsers, Sort extends string>(
  spec: ListSpec<Answer, Row, Filters, Sort>,
  options: UseListOptions<Answer> = {},
) {
  const [urlState, setUrlState] = useQueryStates(spec.parsers, { urlKeys: spec.urlKeys, history: 'push' });
  const state = urlState as ListState<Filters, Sort>;
  const pageSize = state.pageLimit ?? options.pageSize ?? spec.defaultPageSize;
  const query = { ...options.extraQuery, ...listQuery(spec, state, pageSize) };
  const queryKey = [spec.endpoint, query];

  // The server's first page answers only the question of the address it was rendered for.
  const [firstKey] = useState(() => hashKey(queryKey));
  const initial = hashKey(queryKey) === firstKey ? options.initial : undefined;
  const result = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<Answer>(spec.endpoint, query, { signal }),
    placeholderData: keepPreviousData,
    initialData: initial,
    enabled: options.enabled ?? true,
  });

  // A failed load keeps the last rows on screen with its notice (spec §8), rather than an empty table.
  const [lastAnswer, setLastAnswer] = useState(options.initial);
  if (result.data !== undefined && result.data !== lastAnswer) setLastAnswer(result.data);
  const answer = result.data ?? lastAnswer;
  const shown = answer === undefined ? { rows: [] as readonly Row[], pager: emptyPager(pageSize) } : spec.read(answer);

  const status: ListStatus = result.isFetching ? 'loading' : result.isError ? 'error' : 'ready';
  const filterKey = JSON.stringify(Object.keys(spec.filters).map((name) => [name, state[name]]));
  // One object per distinct set of filters: FilterPanel takes a new object as filters put in force from elsewhere.
  const filters = useMemo(
    () =>
      Object.fromEntries((JSON.parse(filterKey) as [string, string | null][]).filter(([, v]) => v)) as FilterValues<keyof Filters & string>,
    [filterKey],
  );
  // The same object while the address's sort stays: screens pass it to effects, and a new one per render
  // made the inbox's tab snapshot set state on every render, a loop React stopped on the way back (#185).
  const sort: SortState | null = useMemo(
    () => (state.sort ? { columnId: state.sort, direction: state.direction ?? 'asc' } : null),
    [state.sort, state.direction],
  );

  const client = useQueryClient();
  const setters = {
    /** New filters (every filter of the list: those not given are cleared), from page 1. */
    setFilters: (next: FilterValues<keyof Filters & string>) =>
      void setUrlState({
        ...Object.fromEntries(Object.keys(spec.filters).map((name) => [name, next[name as keyof Filters & string]?.trim() || null])),
        page: null,
      } as never),
    setPage: (page: number) => void setUrlState({ page } as never),
    setPageSize: (size: number) => void setUrlState({ pageLimit: size, page: null } as never),
    setSort: (next: SortState | null) =>
      void setUrlState({ sort: next?.columnId ?? null, direction: next?.direction ?? null, page: null } as never),
    /** Ask again (Retry, or after an act changed rows): every cached page of this endpoint is out of date. */
    refresh: () => void client.invalidateQueries({ queryKey: [spec.endpoint] }),
  };

  return {
    rows: shown.rows,
    pager: shown.pager,
    status,
    /** Loaded, and nothing matches. */
    empty: status === 'ready' && shown.rows.length === 0,
    error: result.error,
    filters,
    sort,
    page: state.page,
    pageSize,
    ...setters,
    /** ListFrame's paging props. */
    frame: {
      loading: status === 'loading',
      pageSize,
      onPageSizeChange: setters.setPageSize,
      pager: shown.pager,
      onPageChange: setters.setPage,
    },
    /** FilterPanel's value and handlers: Search applies the filters from page 1, Reset clears them. */
    filterPanel: { values: filters, lookups: {}, onApply: setters.setFilters, onReset: () => setters.setFilters({}) },
    /** SortableTable's state props. */
    table: { status, onRetry: setters.refresh, sort, onSortChange: setters.setSort },
  };
}

const emptyPager = (size: number) => ({ results: size, resultPage: 1, totalPages: 0, totalResults: 0 });

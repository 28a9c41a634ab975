'use client';

import type { ReactNode } from 'react';
import { Pagination, type ResultPager } from '@/components/lists/pagination';
import { FilterPanel, type FilterPanelProps } from './filter-panel';
import { LoadingIndicator } from '../ui/loading-indicator';
import { PageSizeSelect } from './page-size-select';

/** The part of the frame every list wires alike (useListControls builds it). */
export interface ListFrameControls {
  /** The filter panel, or null while the filters are hidden. */
  filters: Omit<FilterPanelProps, 'label'> | null;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
  pager: ResultPager;
  onPageChange: (page: number) => void;
  /** The address of a page, for the pager's links (keeps filters, sort and page size). */
  hrefForPage?: (page: number) => string;
}

export interface ListFrameProps extends ListFrameControls {
  /** The filter panel's accessible name. */
  filtersLabel: string;
  /** Bulk actions, left of the toolbar. */
  actions: ReactNode;
  loading: boolean;
  /** The table. */
  children: ReactNode;
}

/** What the list's live region says once it has answered, so the effect of a filter is heard, not only seen. */
export function resultsText(pager: ResultPager): string {
  const total = Number(pager.totalResults);
  if (!(total > 0)) return 'No results';
  return `${pager.totalCapped ? 'More than ' : ''}${total.toLocaleString('en-US')} ${total === 1 ? 'result' : 'results'}`;
}

/** The frame every list shares: filters, a toolbar (bulk actions, loading, rows per page), the table, the pager. */
export function ListFrame({
  filters,
  filtersLabel,
  actions,
  loading,
  pageSize,
  onPageSizeChange,
  pager,
  onPageChange,
  hrefForPage,
  children,
}: ListFrameProps) {
  return (
    <>
      {filters ? <FilterPanel {...filters} label={filtersLabel} /> : null}
      <div className="toolbar list-toolbar">
        {actions}
        <span className="toolbar__spacer" />
        <LoadingIndicator active={loading} idle={resultsText(pager)} />
        <PageSizeSelect value={pageSize} onChange={onPageSizeChange} />
      </div>
      <div className="list-table" aria-busy={loading}>
        {children}
      </div>
      <Pagination resultPager={pager} onPageChange={onPageChange} hrefForPage={hrefForPage} />
    </>
  );
}

'use client';

import type { ReactNode } from 'react';
import { Pagination, type ResultPager } from '@/components/Pagination';
import { LoadingIndicator } from './LoadingIndicator';
import { PageSizeSelect } from './PageSizeSelect';

export interface ListFrameProps {
  filters: ReactNode;
  /** Bulk actions, left of the toolbar. */
  actions: ReactNode;
  loading: boolean;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
  pager: ResultPager;
  onPageChange: (page: number) => void;
  /** The table. */
  children: ReactNode;
}

/** The frame every inbox list shares: filters, a toolbar (bulk actions, loading, rows per page), the table, the pager. */
export function ListFrame({ filters, actions, loading, pageSize, onPageSizeChange, pager, onPageChange, children }: ListFrameProps) {
  return (
    <>
      {filters}
      <div className="toolbar inbox-toolbar">
        {actions}
        <span className="toolbar__spacer" />
        <LoadingIndicator active={loading} />
        <PageSizeSelect value={pageSize} onChange={onPageSizeChange} />
      </div>
      <div className="inbox-table" aria-busy={loading}>
        {children}
      </div>
      <Pagination resultPager={pager} onPageChange={onPageChange} />
    </>
  );
}

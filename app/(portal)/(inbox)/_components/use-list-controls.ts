'use client';

import { useMemo } from 'react';
import type { RowKey } from '@/components/lists/sortable-table';
import { pushQuery } from '@/lib/client/location';
import { useRowSelection } from '@/lib/client/selection';
import { FILTER_FIELDS, type FilterValues } from './filters';
import type { InboxListProps } from './list-props';
import type { ListFrameControls } from '@/components/lists/list-frame';
import type { InboxRow, ListTabId } from './tabs';
import { useDocumentLoader } from '@/components/documents/use-document-loader';
import { useInboxList } from './use-inbox-list';

/**
 * What every inbox list wires the same way: its pages (useInboxList), the row selection, the document a
 * row click opens, and the filters, rows-per-page and pager handlers. Each of those clears the selection
 * (spec §4); new filters or a new page size start again at page 1, so ?page= leaves the address bar.
 */
export function useListControls<Tab extends ListTabId>(props: InboxListProps<Tab>) {
  const { tab } = props;
  const list = useInboxList(props);
  const pageIds = useMemo(() => list.rows.map((r) => r.tinyMce), [list.rows]);
  const selection = useRowSelection(pageIds);
  const loader = useDocumentLoader();
  /** The selected documents of this page, in page order. */
  const selected = pageIds.filter((id) => selection.selectedIds.has(id));

  function applyFilters(filters: FilterValues) {
    selection.clear();
    list.applyFilters(filters);
    props.onFiltersChange(tab, filters);
    pushQuery({ page: null });
  }

  function changePageSize(size: number) {
    props.onPageSizeChange(size);
    selection.clear();
    list.load(1, list.filters, size);
    pushQuery({ page: null });
  }

  function changePage(page: number) {
    selection.clear();
    list.load(page);
  }

  /** ListFrame's props; the list adds its filter label, bulk actions and busy state. */
  const frame: ListFrameControls = {
    filters: props.showFilters
      ? { fields: FILTER_FIELDS[tab], values: list.filters, lookups: props.lookups, onApply: applyFilters, onReset: () => applyFilters({}) }
      : null,
    pageSize: props.pageSize,
    onPageSizeChange: changePageSize,
    pager: list.pager,
    onPageChange: changePage,
  };

  /** SortableTable's props; the list adds its columns and empty message. */
  const table = {
    rows: list.rows,
    getRowKey: (row: InboxRow) => row.tinyMce,
    onRowClick: (row: InboxRow) => void loader.open(row.tinyMce),
    rowClassName: (row: InboxRow) => (row.tinyMce === loader.loadingId ? 'is-loading' : undefined),
    selectedIds: selection.selectedIds,
    onToggle: (id: RowKey) => selection.onToggle(String(id)),
    onToggleAll: selection.onToggleAll,
  };

  return { list, selection, selected, loader, frame, table };
}

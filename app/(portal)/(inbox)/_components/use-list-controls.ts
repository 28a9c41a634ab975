'use client';

import { useCallback, useEffect, useMemo } from 'react';
import type { RowKey, SortableTableProps } from '@/components/lists/sortable-table';
import type { SortState } from '@/components/lists/sort-rows';
import { pushQuery } from '@/lib/client/location';
import { useRowSelection } from '@/lib/client/selection';
import { DOC_BUTTON_ATTR, docButton } from './columns';
import { filterFieldsFor, showsVendor, validateFilters, type FilterValues } from './filters';
import { DOC_PARAM, listChanges } from './inbox-url';
import type { InboxListProps } from './list-props';
import type { ListFrameControls } from '@/components/lists/list-frame';
import type { InboxRow, ListId } from './tabs';
import { useDocumentLoader } from '@/components/documents/use-document-loader';
import { useInboxList } from './use-inbox-list';

/** Before the message of a search the server refused, where the list's rows would be. */
export const NOT_SEARCHED = 'Not searched:';

/**
 * What every inbox list wires the same way: its pages (useInboxList), the row selection, the document a
 * row opens (named in the address as ?doc=), and the filters, sort, rows-per-page and pager handlers,
 * each written to the address bar. Each of those clears the selection (spec §4); new filters, a new sort
 * or a new page size start again at page 1.
 */
export function useListControls<Tab extends ListId>(props: InboxListProps<Tab>) {
  const { tab } = props;
  const withVendor = showsVendor(props.vendors);
  const list = useInboxList({ ...props, withVendor });
  const pageIds = useMemo(() => list.rows.map((r) => r.tinyMce), [list.rows]);
  const selection = useRowSelection(pageIds);
  const loader = useDocumentLoader({ urlParam: DOC_PARAM });
  /** The selected documents of this page, in page order. */
  const selected = pageIds.filter((id) => selection.selectedIds.has(id));

  // A document named by the address (a link, a reload, the way back after signing in) opens on arrival.
  useEffect(() => {
    if (props.initialDoc) void loader.open(props.initialDoc);
    // Only on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function applyFilters(filters: FilterValues) {
    selection.clear();
    list.applyFilters(filters);
    props.onSnapshot(tab, { filters, sort: list.sort });
    pushQuery(listChanges(tab, { filters }, withVendor));
  }

  function changeSort(sort: SortState | null) {
    selection.clear();
    list.changeSort(sort);
    props.onSnapshot(tab, { filters: list.filters, sort });
    pushQuery(listChanges(tab, { sort }, withVendor));
  }

  function changePageSize(size: number) {
    props.onPageSizeChange(size);
    selection.clear();
    list.load(1, { size });
    pushQuery({ results: size, page: null });
  }

  function changePage(page: number) {
    selection.clear();
    list.load(page);
  }

  const { open } = loader;
  const openRow = useCallback((row: InboxRow) => void open(row.tinyMce), [open]);

  /**
   * Where focus goes when the window of `tinyMce` closes: the number button of the row it was opened
   * from, or of the first row when that one has left the list (answered, read) or is on another page.
   */
  const returnFocusTo = (tinyMce: string) => (): HTMLElement | null =>
    docButton(tinyMce) ?? document.querySelector<HTMLElement>(`[${DOC_BUTTON_ATTR}]`);

  /** ListFrame's props; the list adds its filter label, bulk actions and busy state. */
  const frame: ListFrameControls = {
    filters: props.showFilters
      ? {
          id: props.filtersId,
          fields: filterFieldsFor(tab, props.vendors),
          values: list.filters,
          lookups: { ...props.lookups, vendor: props.vendors },
          onApply: applyFilters,
          onReset: () => applyFilters({}),
          validate: validateFilters,
          autoCollapse: props.filtersAuto,
          serverErrors: list.refused?.fields,
          serverMessage: list.refused?.message,
        }
      : null,
    pageSize: props.pageSize,
    onPageSizeChange: changePageSize,
    pager: list.pager,
    onPageChange: changePage,
  };

  /** SortableTable's props; the list adds its columns, card layout and empty message. */
  const table = {
    rows: list.rows,
    getRowKey: (row: InboxRow) => row.tinyMce,
    onRowClick: openRow,
    // The number button in each row opens it from the keyboard; the row itself is not a tab stop.
    rowFocusable: false,
    rowLabel: (row: InboxRow) => row.docno,
    rowClassName: (row: InboxRow) => (row.tinyMce === loader.loadingId ? 'is-loading' : undefined),
    selectedIds: selection.selectedIds,
    onToggle: (id: RowKey) => selection.onToggle(String(id)),
    onToggleAll: selection.onToggleAll,
    status: list.status,
    onRetry: list.retry,
    sort: list.sort,
    onSortChange: changeSort,
  } satisfies Partial<SortableTableProps<InboxRow>>;

  /** The empty text: why no search was made rather than "no documents" for a search never made. */
  const emptyMessage = (empty: string) => (list.refused ? `${NOT_SEARCHED} ${list.refused.message}` : empty);

  return { list, selection, selected, loader, frame, table, openRow, returnFocusTo, emptyMessage, showVendor: withVendor };
}

'use client';

import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ListFrameControls } from '@/components/lists/list-frame';
import type { RowKey, SortableTableProps } from '@/components/lists/sortable-table';
import { useList } from '@/components/lists/use-list';
import { useDocumentLoader } from '@/components/documents/use-document-loader';
import { ApiRequestError } from '@/lib/client/api';
import { useRowSelection } from '@/lib/client/selection';
import { DOC_BUTTON_ATTR, docButton } from './columns';
import { filterFieldsFor, hasFilters, showsVendor, validateFilters, type FilterErrors } from './filters';
import { DOC_PARAM, inboxList } from './inbox-lists';
import type { InboxListProps } from './list-props';
import type { InboxRow, ListId } from './tabs';

/** Before the message of a search the server refused, where the list's rows would be. */
export const NOT_SEARCHED = 'Not searched:';

/** A search the server refused (422, e.g. a reversed date range): its message, and those of particular filters. */
function refusalOf(error: unknown): { message: string; fields: FilterErrors } | null {
  if (!(error instanceof ApiRequestError) || error.status !== 422) return null;
  const fields: FilterErrors = {};
  for (const [name, messages] of Object.entries(error.errors ?? {})) if (messages?.[0]) fields[name as keyof FilterErrors] = messages[0];
  return { message: error.message, fields };
}

/**
 * One inbox list on the list mechanism (components/lists/use-list.ts: its filters, sort, page and page
 * size in the address, its pages from the data layer, a slow earlier answer never shown), with what the
 * inbox adds: the row selection (cleared whenever the list asks a new question), the document a row opens
 * (`?doc=`), a refused search kept beside its filters, the tab's counter from its first whole load, and
 * rows that leave the page at once when answered or read.
 */
export function useListControls<Tab extends ListId>(props: InboxListProps<Tab>) {
  const { tab, onLoaded, onSnapshot } = props;
  const withVendor = showsVendor(props.vendors);
  const spec = inboxList(tab, withVendor);
  const list = useList(spec, {
    initial: props.initial ? { xdocs: props.initial.rows, resultPager: props.initial.pager } : undefined,
    pageSize: props.pageSize,
  });
  const refused = refusalOf(list.error);
  const status = refused ? 'ready' : list.status;

  // Answered or read documents leave the page at once; the endpoint's other cached pages are asked again when shown.
  const client = useQueryClient();
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set());
  const rows = useMemo(() => (gone.size ? list.rows.filter((r) => !gone.has(r.tinyMce)) : list.rows), [list.rows, gone]);
  const left = list.rows.length - rows.length;
  const total = Math.max(0, Number(list.pager.totalResults) - left);
  const totalPages = Math.ceil(total / (Number(list.pager.results) || list.pageSize));
  const pager = left ? { ...list.pager, totalResults: total, totalPages } : list.pager;
  const remove = useCallback(
    (ids: readonly string[]) => {
      setGone((before) => new Set([...before, ...ids]));
      void client.invalidateQueries({ queryKey: [spec.endpoint], refetchType: 'none' });
    },
    [client, spec.endpoint],
  );
  // A page that ran empty is filled again: the same page, or the last one if it no longer exists.
  const { page, setPage, refresh } = list;
  const ranEmpty = left > 0 && rows.length === 0 && total > 0 && status === 'ready';
  useEffect(() => {
    if (!ranEmpty) return;
    if (page > totalPages) setPage(totalPages);
    else refresh();
  }, [ranEmpty, page, totalPages, setPage, refresh]);

  // The tab's counter counts the whole tab: only a load without filters sets it (counters.ts keeps the first).
  const wholeTotal = list.status === 'ready' && !hasFilters(list.filters) ? list.pager.totalResults : null;
  useEffect(() => {
    if (wholeTotal !== null) onLoaded(tab, wholeTotal);
  }, [wholeTotal, onLoaded, tab]);
  // The screen keeps each list's filters and sort for when the user comes back to its tab.
  useEffect(() => onSnapshot(tab, { filters: list.filters, sort: list.sort }), [list.filters, list.sort, onSnapshot, tab]);

  const pageIds = useMemo(() => rows.map((r) => r.tinyMce), [rows]);
  const selection = useRowSelection(pageIds);
  const question = JSON.stringify([list.filters, list.sort, list.page, list.pageSize]);
  const { clear } = selection;
  // Spec §4: new filters, sort, page or page size (by the user or back/forward) clear the selection.
  useEffect(() => clear(), [question, clear]);
  const selected = pageIds.filter((id) => selection.selectedIds.has(id));

  const loader = useDocumentLoader({ urlParam: DOC_PARAM });
  // A document named by the address (a link, a reload, the way back after signing in) opens on arrival.
  useEffect(() => {
    if (props.initialDoc) void loader.open(props.initialDoc);
    // Only on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const { open } = loader;
  const openRow = useCallback((row: InboxRow) => void open(row.tinyMce), [open]);

  /**
   * Where focus goes when the window of `tinyMce` closes: the number button of the row it was opened
   * from, or of the first row when that one has left the list (answered, read) or is on another page.
   */
  const returnFocusTo = (tinyMce: string) => (): HTMLElement | null =>
    docButton(tinyMce) ?? document.querySelector<HTMLElement>(`[${DOC_BUTTON_ATTR}]`);

  const frame: ListFrameControls = {
    filters: props.showFilters
      ? {
          id: props.filtersId,
          fields: filterFieldsFor(tab, props.vendors),
          values: list.filters,
          lookups: { ...props.lookups, vendor: props.vendors },
          onApply: list.setFilters,
          onReset: () => list.setFilters({}),
          validate: validateFilters,
          autoCollapse: props.filtersAuto,
          serverErrors: refused?.fields,
          serverMessage: refused?.message,
        }
      : null,
    pageSize: list.pageSize,
    onPageSizeChange: (size) => {
      props.onPageSizeChange(size);
      list.setPageSize(size);
    },
    pager,
    onPageChange: list.setPage,
  };

  /** SortableTable's props; the list adds its columns, card layout and empty message. */
  const table = {
    rows,
    getRowKey: (row: InboxRow) => row.tinyMce,
    onRowClick: openRow,
    // The number button in each row opens it from the keyboard; the row itself is not a tab stop.
    rowFocusable: false,
    rowLabel: (row: InboxRow) => row.docno,
    rowClassName: (row: InboxRow) => (row.tinyMce === loader.loadingId ? 'is-loading' : undefined),
    selectedIds: selection.selectedIds,
    onToggle: (id: RowKey) => selection.onToggle(String(id)),
    onToggleAll: selection.onToggleAll,
    status,
    onRetry: refresh,
    sort: list.sort,
    onSortChange: list.setSort,
  } satisfies Partial<SortableTableProps<InboxRow>>;

  /** The empty text: why no search was made rather than "no documents" for a search never made. */
  const emptyMessage = (empty: string) => (refused ? `${NOT_SEARCHED} ${refused.message}` : empty);

  return {
    list: { rows, loading: status === 'loading', remove },
    selection,
    selected,
    loader,
    frame,
    table,
    openRow,
    returnFocusTo,
    emptyMessage,
    showVendor: withVendor,
  };
}

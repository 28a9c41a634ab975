'use client';

import { useId, useMemo, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { nextSort, sortRows, type SortState, type SortType, type SortValue } from './sort-rows';

export { sortRows, nextSort } from './sort-rows';
export type { SortDirection, SortState, SortType, SortValue } from './sort-rows';

/*
 * Written by hand rather than on @tanstack/react-table v9: the spec's three-step sort cycle and
 * DD-MM-YYYY date rule are a few lines here, v9 is ESM-only (needs Jest transform changes) and
 * its store-based API would add more code than it saves for these server-paged tables.
 */

export type RowKey = string | number;

export interface Column<T> {
  id: string;
  header: ReactNode;
  /** The column's name where the header is not text (card labels, the phone sort menu). */
  label?: string;
  cell: (row: T) => ReactNode;
  /** When given, the column is sortable by this value (rows sorted in the browser). */
  sortValue?: (row: T) => SortValue;
  sortType?: SortType;
  /**
   * With a server-sorted table (`onSortChange`), the name the server sorts this column by (the list's
   * `sort` parameter); only columns with one are sortable there.
   */
  sortKey?: string;
  /** Extra class for the header and cells, e.g. 'num' to right-align amounts. */
  className?: string;
}

/** Which columns a row's card shows at phone width, instead of a table that scrolls sideways. */
export interface CardLayout {
  /** The column shown as the card's heading (e.g. the document number). */
  title: string;
  /** The other columns the card shows, in table order; the rest are left out of the card. */
  fields: readonly string[];
}

/** Whether the rows on screen are what the list holds ('ready'), on their way, or failed to load. */
export type ListStatus = 'ready' | 'loading' | 'error';

export interface SortableTableProps<T> {
  columns: Column<T>[];
  rows: readonly T[];
  getRowKey: (row: T) => RowKey;
  onRowClick?: (row: T) => void;
  /** Rows take keyboard focus and open on Enter; turn off when a cell holds the row's own link. */
  rowFocusable?: boolean;
  /** Selection is shown when selectedIds and onToggle are given. */
  selectedIds?: ReadonlySet<RowKey>;
  onToggle?: (id: RowKey) => void;
  onToggleAll?: () => void;
  /** Rows that may not be ticked show a disabled checkbox and are left out of select-all (all may, when not given). */
  isRowSelectable?: (row: T) => boolean;
  /** Names a row's checkbox: 'Select PO00004632' rather than 'Select row 3'. */
  rowLabel?: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
  /** Shown when the list is loaded and has no rows; never while loading or after a failed load. */
  emptyMessage?: ReactNode;
  /** 'error' keeps the rows shown with a "Could not load — Retry" notice, or shows only that. */
  status?: ListStatus;
  onRetry?: () => void;
  /**
   * Server sorting: the sort in force (by `sortKey`) and what a header click asks for next (asc → desc →
   * original order = null). The rows are shown as given; the list reloads them in the new order.
   */
  sort?: SortState | null;
  onSortChange?: (sort: SortState | null) => void;
  /** Rows as compact cards at phone width (≤ 640 px). */
  card?: CardLayout;
  caption?: ReactNode;
  className?: string;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
// Clicks on these inside a clickable row do their own thing and must not open the row.
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"]';
const labelOf = <T,>(column: Column<T>) => column.label ?? (typeof column.header === 'string' ? column.header : column.id);

export function SortableTable<T>(props: SortableTableProps<T>) {
  const { columns, rows, getRowKey, onRowClick, selectedIds, onToggle, onToggleAll, card, status = 'ready' } = props;
  const serverSorted = props.onSortChange !== undefined;
  const [localSort, setLocalSort] = useState<SortState | null>(null);
  const sort = serverSorted ? (props.sort ?? null) : localSort;
  const selectable = selectedIds !== undefined && onToggle !== undefined;
  const rowFocusable = onRowClick !== undefined && props.rowFocusable !== false;

  /** The id a column sorts by here (its sortKey on the server, its own id in the browser), or null. */
  const sortIdOf = (column: Column<T>): string | null => (serverSorted ? (column.sortKey ?? null) : column.sortValue ? column.id : null);

  function changeSort(next: SortState | null) {
    if (serverSorted) props.onSortChange!(next);
    else setLocalSort(next);
  }

  // Keep each row's original index: it is the spec's sort-index attribute and restores order.
  const indexed = useMemo(() => rows.map((row, index) => ({ row, index })), [rows]);
  const sorted = useMemo(() => {
    if (serverSorted) return indexed;
    const column = localSort && columns.find((c) => c.id === localSort.columnId);
    if (!localSort || !column?.sortValue) return indexed;
    const sortValue = column.sortValue;
    return sortRows(indexed, { sortValue: (e) => sortValue(e.row), sortType: column.sortType }, localSort.direction);
  }, [indexed, columns, localSort, serverSorted]);

  const keys = rows.filter((row) => props.isRowSelectable?.(row) ?? true).map(getRowKey);
  const selectedCount = selectable ? keys.filter((k) => selectedIds.has(k)).length : 0;
  const allChecked = keys.length > 0 && selectedCount === keys.length;
  const cardFields = card ? new Set([card.title, ...card.fields]) : null;
  const span = columns.length + (selectable ? 1 : 0);

  function activate(event: MouseEvent | KeyboardEvent, row: T) {
    if (!onRowClick || (event.target as Element).closest(INTERACTIVE)) return;
    onRowClick(row);
  }

  const failedNotice = status === 'error' ? <LoadFailed onRetry={props.onRetry} kept={rows.length > 0} /> : null;

  return (
    <div className={`table-wrap ${card ? 'table-wrap--cards' : ''} ${props.className ?? ''}`.replace(/\s+/g, ' ').trim()}>
      {rows.length > 0 ? failedNotice : null}
      {card ? <CardSortMenu columns={columns} sortIdOf={sortIdOf} sort={sort} onChange={changeSort} /> : null}
      <table className={`table ${card ? 'table--cards' : ''}`.trim()}>
        {props.caption ? <caption>{props.caption}</caption> : null}
        <thead>
          <tr>
            {selectable ? (
              <th className="table__select" scope="col">
                <input
                  type="checkbox"
                  aria-label="Select all rows on this page"
                  checked={allChecked}
                  ref={(el) => {
                    if (el) el.indeterminate = selectedCount > 0 && !allChecked;
                  }}
                  disabled={keys.length === 0 || !onToggleAll}
                  onChange={() => onToggleAll?.()}
                />
              </th>
            ) : null}
            {columns.map((column) => {
              const sortId = sortIdOf(column);
              const direction = sortId && sort?.columnId === sortId ? sort.direction : null;
              if (!sortId) {
                return (
                  <th key={column.id} scope="col" className={column.className}>
                    {column.header}
                  </th>
                );
              }
              return (
                <th key={column.id} scope="col" className={column.className} aria-sort={direction ? ARIA_SORT[direction] : 'none'}>
                  <button
                    type="button"
                    className="table__sort"
                    data-direction={direction ?? undefined}
                    onClick={() => changeSort(nextSort(sort, sortId))}
                  >
                    {column.header}
                    <span className="table__sort-icon" aria-hidden="true" />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.length === 0 ? (
            <tr className="table__empty">
              <td colSpan={span}>
                {status === 'error' ? failedNotice : status === 'loading' ? 'Loading…' : (props.emptyMessage ?? 'No results found.')}
              </td>
            </tr>
          ) : (
            sorted.map(({ row, index }) => {
              const key = getRowKey(row);
              const checked = selectable && selectedIds.has(key);
              const classes = [props.rowClassName?.(row), onRowClick && 'is-clickable', checked && 'is-selected'];
              return (
                <tr
                  key={key}
                  data-sort-index={index}
                  className={classes.filter(Boolean).join(' ') || undefined}
                  tabIndex={rowFocusable ? 0 : undefined}
                  onClick={onRowClick ? (e) => activate(e, row) : undefined}
                  onKeyDown={
                    rowFocusable
                      ? (e) => {
                          if (e.key === 'Enter' && e.target === e.currentTarget) activate(e, row);
                        }
                      : undefined
                  }
                >
                  {selectable ? (
                    <td className="table__select">
                      <input
                        type="checkbox"
                        aria-label={`Select ${props.rowLabel ? props.rowLabel(row) : `row ${index + 1}`}`}
                        checked={checked}
                        disabled={props.isRowSelectable ? !props.isRowSelectable(row) : undefined}
                        onChange={() => onToggle(key)}
                      />
                    </td>
                  ) : null}
                  {columns.map((column) => {
                    // Only numbers are exposed: text and date columns need not compute (and format) a value per cell.
                    const value = column.sortType === 'text' || column.sortType === 'date' ? undefined : column.sortValue?.(row);
                    const cardClass = !cardFields
                      ? undefined
                      : column.id === card!.title
                        ? 'table__cell--card-title'
                        : cardFields.has(column.id)
                          ? undefined
                          : 'table__cell--card-hidden';
                    return (
                      <td
                        key={column.id}
                        className={[column.className, cardClass].filter(Boolean).join(' ') || undefined}
                        data-label={cardFields ? labelOf(column) : undefined}
                        data-sort-value={typeof value === 'number' && Number.isFinite(value) ? value : undefined}
                      >
                        {column.cell(row)}
                      </td>
                    );
                  })}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A failed load says so, neutrally, and offers to try again; it never claims the list is empty. */
function LoadFailed({ onRetry, kept }: { onRetry?: () => void; kept: boolean }) {
  return (
    <div className="list-failed" role="alert">
      <span>{kept ? 'Could not load the latest rows; showing the ones loaded before.' : 'Could not load'}</span>
      {onRetry ? (
        <>
          {kept ? null : <span aria-hidden="true"> — </span>}
          <button type="button" className="btn btn--sm" onClick={onRetry}>
            Retry
          </button>
        </>
      ) : null}
    </div>
  );
}

/** At phone width the headers are hidden with the table; this menu sorts the cards instead. */
function CardSortMenu<T>({
  columns,
  sortIdOf,
  sort,
  onChange,
}: {
  columns: Column<T>[];
  sortIdOf: (column: Column<T>) => string | null;
  sort: SortState | null;
  onChange: (sort: SortState | null) => void;
}) {
  const id = useId();
  const sortable = columns.filter((c) => sortIdOf(c));
  if (!sortable.length) return null;
  const value = sort ? `${sort.columnId}:${sort.direction}` : '';
  return (
    <div className="table-card-sort">
      <label htmlFor={id} className="muted">
        Sort by
      </label>
      <select
        id={id}
        className="select"
        value={value}
        onChange={(e) => {
          const [columnId, direction] = e.target.value.split(':');
          onChange(columnId ? { columnId, direction: direction === 'desc' ? 'desc' : 'asc' } : null);
        }}
      >
        <option value="">Original order</option>
        {sortable.flatMap((column) => {
          const sortId = sortIdOf(column)!;
          return [
            <option key={`${sortId}:asc`} value={`${sortId}:asc`}>{`${labelOf(column)} (ascending)`}</option>,
            <option key={`${sortId}:desc`} value={`${sortId}:desc`}>{`${labelOf(column)} (descending)`}</option>,
          ];
        })}
      </select>
    </div>
  );
}

'use client';

import { useMemo, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
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
  cell: (row: T) => ReactNode;
  /** When given, the column is sortable by this value. */
  sortValue?: (row: T) => SortValue;
  sortType?: SortType;
  /** Extra class for the header and cells, e.g. 'num' to right-align amounts. */
  className?: string;
}

export interface SortableTableProps<T> {
  columns: Column<T>[];
  rows: readonly T[];
  getRowKey: (row: T) => RowKey;
  onRowClick?: (row: T) => void;
  /** Selection is shown when selectedIds and onToggle are given. */
  selectedIds?: ReadonlySet<RowKey>;
  onToggle?: (id: RowKey) => void;
  onToggleAll?: () => void;
  rowClassName?: (row: T) => string | undefined;
  emptyMessage?: ReactNode;
  caption?: ReactNode;
  className?: string;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
// Clicks on these inside a clickable row do their own thing and must not open the row.
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"]';

export function SortableTable<T>(props: SortableTableProps<T>) {
  const { columns, rows, getRowKey, onRowClick, selectedIds, onToggle, onToggleAll } = props;
  const [sort, setSort] = useState<SortState | null>(null);
  const selectable = selectedIds !== undefined && onToggle !== undefined;

  // Keep each row's original index: it is the spec's sort-index attribute and restores order.
  const indexed = useMemo(() => rows.map((row, index) => ({ row, index })), [rows]);
  const sorted = useMemo(() => {
    const column = sort && columns.find((c) => c.id === sort.columnId);
    if (!sort || !column?.sortValue) return indexed;
    const sortValue = column.sortValue;
    return sortRows(indexed, { sortValue: (e) => sortValue(e.row), sortType: column.sortType }, sort.direction);
  }, [indexed, columns, sort]);

  const keys = rows.map(getRowKey);
  const selectedCount = selectable ? keys.filter((k) => selectedIds.has(k)).length : 0;
  const allChecked = keys.length > 0 && selectedCount === keys.length;

  function activate(event: MouseEvent | KeyboardEvent, row: T) {
    if (!onRowClick || (event.target as Element).closest(INTERACTIVE)) return;
    onRowClick(row);
  }

  return (
    <div className={`table-wrap ${props.className ?? ''}`.trim()}>
      <table className="table">
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
              const direction = sort?.columnId === column.id ? sort.direction : null;
              if (!column.sortValue) {
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
                    onClick={() => setSort((s) => nextSort(s, column.id))}
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
              <td colSpan={columns.length + (selectable ? 1 : 0)}>{props.emptyMessage ?? 'No results found.'}</td>
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
                  tabIndex={onRowClick ? 0 : undefined}
                  onClick={onRowClick ? (e) => activate(e, row) : undefined}
                  onKeyDown={
                    onRowClick
                      ? (e) => {
                          if (e.key === 'Enter' && e.target === e.currentTarget) activate(e, row);
                        }
                      : undefined
                  }
                >
                  {selectable ? (
                    <td className="table__select">
                      <input type="checkbox" aria-label={`Select row ${index + 1}`} checked={checked} onChange={() => onToggle(key)} />
                    </td>
                  ) : null}
                  {columns.map((column) => {
                    // Only numbers are exposed: text and date columns need not compute (and format) a value per cell.
                    const value = column.sortType === 'text' || column.sortType === 'date' ? undefined : column.sortValue?.(row);
                    return (
                      <td
                        key={column.id}
                        className={column.className}
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

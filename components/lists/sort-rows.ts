import { parseDdMmYyyy, toDate } from '@/lib/format/dates';

/**
 * The sortable-table rules of spec §2, free of React so they are easy to test:
 * a header click cycles ascending → descending → original order; numbers compare as numbers,
 * DD-MM-YYYY text as dates, other text with localeCompare.
 */

export type SortDirection = 'asc' | 'desc';
export type SortType = 'number' | 'text' | 'date';
export type SortValue = number | string | Date | null | undefined;

export interface SortState {
  columnId: string;
  direction: SortDirection;
}

export interface SortKey<T> {
  sortValue: (row: T) => SortValue;
  sortType?: SortType;
}

/** The state after clicking the header of columnId; null means original order. */
export function nextSort(current: SortState | null, columnId: string): SortState | null {
  if (!current || current.columnId !== columnId) return { columnId, direction: 'asc' };
  return current.direction === 'asc' ? { columnId, direction: 'desc' } : null;
}

type Comparable = { kind: 'number'; value: number } | { kind: 'text'; value: string };

function asNumber(n: number): Comparable | null {
  return Number.isFinite(n) ? { kind: 'number', value: n } : null;
}

function dateFromText(text: string): Date | null {
  return parseDdMmYyyy(text) ?? toDate(text);
}

/** Turns a raw sort value into something comparable; null/empty/unparseable sorts last. */
export function toComparable(value: SortValue, type?: SortType): Comparable | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return asNumber(value.getTime());
  if (typeof value === 'number') return asNumber(value);
  const text = value.trim();
  if (type === 'number') return asNumber(Number(text.replace(/,/g, '')));
  if (type === 'date') {
    const date = dateFromText(text);
    return date ? asNumber(date.getTime()) : null;
  }
  if (type === undefined) {
    // Without a declared type, DD-MM-YYYY text is still compared as a date (spec §2).
    const date = parseDdMmYyyy(text);
    if (date) return asNumber(date.getTime());
  }
  return { kind: 'text', value: text };
}

function compareComparables(a: Comparable, b: Comparable): number {
  if (a.kind === 'number' && b.kind === 'number') return a.value - b.value;
  // numeric: true so that 'INV9' sorts before 'INV10'.
  return String(a.value).localeCompare(String(b.value), undefined, { numeric: true });
}

/**
 * Returns a new array sorted by key in direction, or the rows in their original order when
 * direction (or key) is null. Empty values go last in both directions; ties keep original order.
 */
export function sortRows<T>(rows: readonly T[], key: SortKey<T> | null | undefined, direction: SortDirection | null | undefined): T[] {
  if (!key || !direction) return [...rows];
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, cmp: toComparable(key.sortValue(row), key.sortType) }))
    .sort((a, b) => {
      if (a.cmp === null || b.cmp === null) {
        if (a.cmp === b.cmp) return a.index - b.index;
        return a.cmp === null ? 1 : -1;
      }
      return sign * compareComparables(a.cmp, b.cmp) || a.index - b.index;
    })
    .map((entry) => entry.row);
}

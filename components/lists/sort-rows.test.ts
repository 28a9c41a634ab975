import { nextSort, sortRows, type SortKey } from './sort-rows';

interface Row {
  id: number;
  value: number | string | Date | null;
}

const rowsOf = (...values: Row['value'][]): Row[] => values.map((value, id) => ({ id, value }));
const ids = (rows: Row[]) => rows.map((r) => r.id);
const byValue = (sortType?: SortKey<Row>['sortType']): SortKey<Row> => ({ sortValue: (r) => r.value, sortType });

describe('nextSort (spec §2 click cycle)', () => {
  it('cycles ascending → descending → original order → ascending', () => {
    const asc = nextSort(null, 'amount');
    expect(asc).toEqual({ columnId: 'amount', direction: 'asc' });
    const desc = nextSort(asc, 'amount');
    expect(desc).toEqual({ columnId: 'amount', direction: 'desc' });
    const original = nextSort(desc, 'amount');
    expect(original).toBeNull();
    expect(nextSort(original, 'amount')).toEqual({ columnId: 'amount', direction: 'asc' });
  });

  it('starts ascending when another column is clicked', () => {
    expect(nextSort({ columnId: 'a', direction: 'desc' }, 'b')).toEqual({ columnId: 'b', direction: 'asc' });
  });
});

describe('sortRows', () => {
  it('compares numbers numerically, not as text', () => {
    const rows = rowsOf(10, 9, 100, 2);
    expect(ids(sortRows(rows, byValue(), 'asc'))).toEqual([3, 1, 0, 2]);
    expect(ids(sortRows(rows, byValue(), 'desc'))).toEqual([2, 0, 1, 3]);
  });

  it('compares numeric strings numerically when the column is numeric', () => {
    const rows = rowsOf('1,200.50', '99.99', '-5');
    expect(ids(sortRows(rows, byValue('number'), 'asc'))).toEqual([2, 1, 0]);
  });

  it('compares DD-MM-YYYY strings as dates, not as text', () => {
    const rows = rowsOf('01-12-2025', '21-11-2026', '15-01-2026');
    expect(ids(sortRows(rows, byValue(), 'asc'))).toEqual([0, 2, 1]);
    expect(ids(sortRows(rows, byValue(), 'desc'))).toEqual([1, 2, 0]);
  });

  it('compares DD-MM-YYYY HH:mm strings as date-times', () => {
    const rows = rowsOf('21-11-2026 10:00', '21-11-2026 09:30', '20-11-2026 23:59');
    expect(ids(sortRows(rows, byValue('date'), 'asc'))).toEqual([2, 1, 0]);
  });

  it('compares Date values and ISO strings in a date column', () => {
    const rows = rowsOf(new Date(2026, 0, 2), '2025-06-01', new Date(2024, 0, 1));
    expect(ids(sortRows(rows, byValue('date'), 'asc'))).toEqual([2, 1, 0]);
  });

  it('compares text with localeCompare', () => {
    const rows = rowsOf('banana', 'Apple', 'cherry', 'INV10', 'INV9');
    expect(ids(sortRows(rows, byValue('text'), 'asc'))).toEqual([1, 0, 2, 4, 3]);
  });

  it('returns the original order when the direction is null', () => {
    const rows = rowsOf(3, 1, 2);
    const sorted = sortRows(rows, byValue(), 'asc');
    expect(ids(sortRows(sorted, byValue(), null))).toEqual([1, 2, 0]);
    expect(ids(sortRows(rows, byValue(), null))).toEqual([0, 1, 2]);
    expect(sortRows(rows, null, 'asc')).not.toBe(rows);
  });

  it('keeps empty values last in both directions and ties in original order', () => {
    const rows = rowsOf(null, 2, '', 1, 2);
    expect(ids(sortRows(rows, byValue(), 'asc'))).toEqual([3, 1, 4, 0, 2]);
    expect(ids(sortRows(rows, byValue(), 'desc'))).toEqual([1, 4, 3, 0, 2]);
  });
});

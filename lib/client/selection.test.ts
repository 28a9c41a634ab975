import { allSelected, toggleAllIds, toggleId } from './selection';

describe('row selection (spec §4)', () => {
  it('toggles one id on and off', () => {
    const once = toggleId(new Set<number>(), 3);
    expect([...once]).toEqual([3]);
    expect([...toggleId(once, 3)]).toEqual([]);
  });

  it('select-all selects every row on the page when not all are selected', () => {
    expect([...toggleAllIds(new Set([2]), [1, 2, 3])]).toEqual([1, 2, 3]);
    expect([...toggleAllIds(new Set<number>(), [1, 2])]).toEqual([1, 2]);
  });

  it('select-all clears the selection when all rows are selected', () => {
    expect(toggleAllIds(new Set([1, 2, 3]), [1, 2, 3]).size).toBe(0);
  });

  it('an empty page is never "all selected"', () => {
    expect(allSelected(new Set<number>(), [])).toBe(false);
  });
});

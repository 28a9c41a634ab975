import type { CounterKey } from './tabs';

/**
 * Inbox tab counters (spec §2, §4): all start at 0; a tab's counter is set from totalResults only
 * on that tab's first load (later filter and page loads leave it alone); marking as read lowers it
 * by 1 and an order response by the number of successes. Never below 0. Until its first count
 * arrives a tab shows a placeholder, not a 0 that would claim the tab is empty (counterText).
 */

export type Counts = Record<CounterKey, number>;

export interface CounterState {
  counts: Counts;
  /** Counters already set by a first load. */
  loaded: Partial<Record<CounterKey, true>>;
}

export type CounterAction =
  { type: 'loaded'; key: CounterKey; total: number | string } | { type: 'decrement'; key: CounterKey; by?: number };

export const ZERO_COUNTS: Counts = { orders: 0, returnOrders: 0, toInvoice: 0, toCredit: 0, pod: 0, remittance: 0, disputes: 0 };

export function initialCounterState(firstLoad?: { key: CounterKey; total: number | string }): CounterState {
  const state: CounterState = { counts: { ...ZERO_COUNTS }, loaded: {} };
  return firstLoad ? countersReducer(state, { type: 'loaded', ...firstLoad }) : state;
}

const wholeOrZero = (value: number | string | undefined) => {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) && n > 0 ? n : 0;
};

export function countersReducer(state: CounterState, action: CounterAction): CounterState {
  const { key } = action;
  if (action.type === 'loaded') {
    if (state.loaded[key]) return state;
    return { counts: { ...state.counts, [key]: wholeOrZero(action.total) }, loaded: { ...state.loaded, [key]: true } };
  }
  const by = action.by === undefined ? 1 : wholeOrZero(action.by);
  if (by === 0) return state;
  return { ...state, counts: { ...state.counts, [key]: Math.max(0, state.counts[key] - by) } };
}

/** Shown on a tab whose count has not arrived yet. */
export const NOT_COUNTED = '–';

/** A tab's badge: the sum of its counters once each has had its first count, else the placeholder. */
export function counterText(state: CounterState, keys: readonly CounterKey[]): string {
  if (!keys.every((key) => state.loaded[key])) return NOT_COUNTED;
  return String(keys.reduce((sum, key) => sum + state.counts[key], 0));
}

/** Whether a tab's badge shows a number above 0 (highlighted). */
export const hasCount = (state: CounterState, keys: readonly CounterKey[]) =>
  keys.some((key) => state.loaded[key] && state.counts[key] > 0);

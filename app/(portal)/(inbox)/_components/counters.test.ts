import { counterText, countersReducer, initialCounterState, NOT_COUNTED, ZERO_COUNTS } from './counters';

describe('inbox counters', () => {
  it('start at 0 for every tab', () => {
    expect(initialCounterState().counts).toEqual(ZERO_COUNTS);
  });

  it('are set from totalResults on the first load of a tab', () => {
    const state = countersReducer(initialCounterState(), { type: 'loaded', key: 'orders', total: 120 });
    expect(state.counts.orders).toBe(120);
    expect(state.counts.returnOrders).toBe(0);
  });

  it('ignore totalResults of later filter or page loads', () => {
    let state = initialCounterState({ key: 'pod', total: '40' });
    state = countersReducer(state, { type: 'loaded', key: 'pod', total: 3 });
    state = countersReducer(state, { type: 'loaded', key: 'pod', total: 0 });
    expect(state.counts.pod).toBe(40);
  });

  it('keep the first load of each tab separate', () => {
    let state = initialCounterState({ key: 'orders', total: 10 });
    state = countersReducer(state, { type: 'loaded', key: 'disputes', total: 4 });
    expect(state.counts).toMatchObject({ orders: 10, disputes: 4 });
  });

  it('drop by 1 when a document is marked as read', () => {
    const state = countersReducer(initialCounterState({ key: 'remittance', total: 5 }), { type: 'decrement', key: 'remittance' });
    expect(state.counts.remittance).toBe(4);
  });

  it('drop by the number of successes after an order response', () => {
    const state = countersReducer(initialCounterState({ key: 'orders', total: 50 }), { type: 'decrement', key: 'orders', by: 3 });
    expect(state.counts.orders).toBe(47);
  });

  it('never go below 0', () => {
    const state = countersReducer(initialCounterState({ key: 'returnOrders', total: 2 }), {
      type: 'decrement',
      key: 'returnOrders',
      by: 5,
    });
    expect(state.counts.returnOrders).toBe(0);
  });

  it('treat a decrement by 0 as no change', () => {
    const state = initialCounterState({ key: 'orders', total: 7 });
    expect(countersReducer(state, { type: 'decrement', key: 'orders', by: 0 })).toBe(state);
  });

  it('a decrement before the first load does not stop the first load from setting the counter', () => {
    let state = countersReducer(initialCounterState(), { type: 'decrement', key: 'disputes' });
    state = countersReducer(state, { type: 'loaded', key: 'disputes', total: 9 });
    expect(state.counts.disputes).toBe(9);
  });

  it('show a placeholder, not 0, until a tab has had its first count', () => {
    let state = initialCounterState();
    expect(counterText(state, ['pod'])).toBe(NOT_COUNTED);
    state = countersReducer(state, { type: 'decrement', key: 'pod' });
    expect(counterText(state, ['pod'])).toBe(NOT_COUNTED);
    state = countersReducer(state, { type: 'loaded', key: 'pod', total: 0 });
    expect(counterText(state, ['pod'])).toBe('0');
  });

  it('show a tab with two counters once both have been counted, as their sum', () => {
    let state = countersReducer(initialCounterState(), { type: 'loaded', key: 'toInvoice', total: 3 });
    expect(counterText(state, ['toInvoice', 'toCredit'])).toBe(NOT_COUNTED);
    state = countersReducer(state, { type: 'loaded', key: 'toCredit', total: 2 });
    expect(counterText(state, ['toInvoice', 'toCredit'])).toBe('5');
  });
});

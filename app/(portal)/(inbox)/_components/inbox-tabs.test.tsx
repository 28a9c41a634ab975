/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { countersReducer, initialCounterState } from './counters';
import { InboxTabs } from './inbox-tabs';

const badge = (name: RegExp) => screen.getByRole('tab', { name }).querySelector('.badge');

describe('InboxTabs', () => {
  it('shows a placeholder on tabs not counted yet and the number on those that are', () => {
    const counted = countersReducer(initialCounterState({ key: 'orders', total: 12 }), { type: 'loaded', key: 'pod', total: 0 });
    render(<InboxTabs active="orders" counters={counted} onSelect={() => {}} />);
    expect(badge(/^Orders/)).toHaveTextContent(/^12$/);
    expect(badge(/^Delivery notes/)).toHaveTextContent(/^0$/);
    expect(badge(/^Disputes/)).toHaveTextContent(/^–$/);
    expect(badge(/^Disputes/)).toHaveAttribute('data-counted', 'false');
    expect(badge(/^Invoices/)).toHaveTextContent(/^–$/);
    expect(screen.queryAllByText('0')).toHaveLength(1);
  });
});

/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InboxTestProviders } from '../test-providers';
import type { InboxRow } from '../tabs';
import { bulkConfirmQuestion, OrderList, orderColumns } from './order-list';

const order = (n: number) =>
  ({
    id: n,
    tinyMce: `TM${n}`,
    docno: `PO0000463${n}`,
    docDate: '2026-03-01',
    deliveryDate: '2026-03-09',
    xdocTotalIncl: '1.00',
  }) as InboxRow;

describe('order columns', () => {
  it('show the vendor only to a user with several vendors, and sort on the server by number, dates and total', () => {
    const ids = (showVendor: boolean) => orderColumns(false, showVendor, () => {}).map((c) => c.id);
    expect(ids(false)).not.toContain('vendor');
    expect(ids(true)).toContain('vendor');
    const sortKeys = orderColumns(false, false, () => {})
      .filter((c) => c.sortKey)
      .map((c) => c.sortKey);
    expect(sortKeys).toEqual(['docno', 'docDate', 'deliveryDate', 'xdocTotalIncl']);
  });
});

describe('bulk confirmation', () => {
  it('names how many orders it confirms', () => {
    expect(bulkConfirmQuestion(3)).toEqual({ title: 'Confirm 3 orders?', text: 'The 3 selected orders will be confirmed.' });
    expect(bulkConfirmQuestion(1).title).toBe('Confirm 1 order?');
  });

  it('asks with the count of the selected orders', async () => {
    const user = userEvent.setup();
    global.fetch = jest.fn();
    render(
      <InboxTestProviders>
        <OrderList
          tab="orders"
          initial={{ rows: [order(1), order(2), order(3)], pager: { results: 50, resultPage: 1, totalPages: 1, totalResults: 3 } }}
          initialDoc={null}
          pageSize={50}
          lookups={{}}
          vendors={[]}
          showFilters={false}
          filtersAuto={false}
          filtersId="f"
          onLoaded={() => {}}
          onSnapshot={() => {}}
          onPageSizeChange={() => {}}
          onDecrement={() => {}}
        />
      </InboxTestProviders>,
    );
    expect(screen.getByRole('button', { name: 'Reject selected' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select PO00004631' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select PO00004633' }));
    await user.click(screen.getByRole('button', { name: 'Confirm selected' }));
    expect(screen.getByRole('alertdialog', { name: 'Confirm 2 orders?' })).toHaveTextContent('The 2 selected orders will be confirmed.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(global.fetch).not.toHaveBeenCalled();
  });
});

/** @jest-environment jsdom */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLeaveForSignIn } from '@/lib/client/session';
import { InboxTestProviders } from '../test-providers';
import type { InboxListProps } from '../list-props';
import type { DocumentTabId, InboxRow, ListPage } from '../tabs';
import { DocumentList, markedReadMessage } from './document-list';
import { fakeResponse } from '@/lib/client/test-support/fake-response';

/*
 * One inbox list wired as the screen wires it, against a fake API (jsdom has no server): load states,
 * server sorting, the address bar, the document window and an ended session.
 */

type Handler = (url: URL, init: RequestInit) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

let calls: { method: string; url: URL }[];
function serve(handler: Handler) {
  calls = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ method: init.method ?? 'GET', url });
    const { status, body } = await handler(url, init);
    return fakeResponse(status, body);
  }) as typeof fetch;
}

const row = (n: number, extra: Partial<InboxRow> = {}): InboxRow =>
  ({
    id: n,
    tinyMce: `TM${n}`,
    docno: `DN0000463${n}`,
    orderno: `PO${n}`,
    docDate: '2026-03-0' + n,
    xdocTotalIncl: '10.00',
    custaccountName: 'Retailer',
    vendorCode: 'V0002',
    vendorName: 'Dairy Co',
    ...extra,
  }) as InboxRow;

const page = (rows: InboxRow[], total = rows.length): ListPage => ({
  rows,
  pager: { results: 50, resultPage: 1, totalPages: Math.ceil(total / 50), totalResults: total },
});
const asBody = (p: ListPage) => ({ xdocs: p.rows, resultPager: p.pager });
const detail = (n: number) => ({ xdoc: { ...row(n), det: [], xdocTypeCode: 'deliverynote' } });

function props(overrides: Partial<InboxListProps<DocumentTabId>> = {}): InboxListProps<DocumentTabId> {
  return {
    tab: 'delivery-notes',
    initial: null,
    initialDoc: null,
    pageSize: 50,
    lookups: {},
    vendors: [],
    showFilters: true,
    filtersAuto: false,
    filtersId: 'filters',
    onLoaded: jest.fn(),
    onSnapshot: jest.fn(),
    onPageSizeChange: jest.fn(),
    onDecrement: jest.fn(),
    ...overrides,
  };
}

function show(p: InboxListProps<DocumentTabId>) {
  return render(
    <InboxTestProviders>
      <DocumentList {...p} />
    </InboxTestProviders>,
  );
}

beforeEach(() => window.history.replaceState(null, '', '/?tab=delivery-notes'));
afterEach(() => setLeaveForSignIn());

describe('an inbox list', () => {
  it('says it could not load, never that the list is empty, and loads again on Retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    serve(() => (fail ? { status: 500, body: { message: 'Server error' } } : { status: 200, body: asBody(page([row(1)])) }));
    show(props());

    expect(await screen.findByText('Could not load')).toBeInTheDocument();
    expect(screen.queryByText('No unread delivery notes.')).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'DN00004631' })).toBeInTheDocument();
    expect(screen.queryByText('Could not load')).not.toBeInTheDocument();
    // A server error is asked once more before the list says it failed (components/lists/query-client.ts), then Retry.
    expect(calls).toHaveLength(3);
  });

  it('shows the empty text only for a list that loaded and is empty', async () => {
    serve(() => ({ status: 200, body: asBody(page([])) }));
    show(props());
    expect(await screen.findByText('No unread delivery notes.')).toBeInTheDocument();
  });

  it('shows a refused search (422) at its filter instead of an empty list', async () => {
    serve(() => ({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { toDate: ['To date must be on or after from date.'] } },
    }));
    window.history.replaceState(null, '', '/?tab=delivery-notes&fromDate=2026-05-01&toDate=2026-01-01');
    show(props());
    expect(await screen.findByText('To date must be on or after from date.')).toBeInTheDocument();
    expect(screen.getByLabelText('To date')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('cell', { name: 'Not searched: The given data was invalid.' })).toBeInTheDocument();
    expect(screen.queryByText('No unread delivery notes.')).not.toBeInTheDocument();
    expect(screen.queryByText('Could not load')).not.toBeInTheDocument();
  });

  it('does not send a reversed date range', async () => {
    const user = userEvent.setup();
    serve(() => ({ status: 200, body: asBody(page([row(1)])) }));
    show(props({ initial: page([row(1)]) }));
    await user.type(screen.getByLabelText('From date'), '2026-05-01');
    await user.type(screen.getByLabelText('To date'), '2026-04-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('The to date is before the from date.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('asks the server for a sort over all pages, from page 1, and writes it to the address', async () => {
    const user = userEvent.setup();
    serve((url) => ({
      status: 200,
      body: asBody({
        ...page([row(2), row(1)], 120),
        pager: { results: 50, resultPage: Number(url.searchParams.get('page')), totalPages: 3, totalResults: 120 },
      }),
    }));
    window.history.replaceState(null, '', '/?tab=delivery-notes&page=3');
    show(
      props({
        initial: { ...page([row(1), row(2)], 120), pager: { results: 50, resultPage: 3, totalPages: 3, totalResults: 120 } },
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Date' }));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('sort')).toBe('docDate'));
    expect(calls.at(-1)!.url.searchParams.get('direction')).toBe('asc');
    expect(calls.at(-1)!.url.searchParams.get('page')).toBe('1');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('sort')).toBe('docDate'));
    const params = new URLSearchParams(window.location.search);
    expect(params.get('direction')).toBe('asc');
    expect(params.has('page')).toBe(false);
    expect(screen.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'ascending');
    // Columns the server cannot sort by offer no sort.
    expect(within(screen.getByRole('columnheader', { name: 'Customer' })).queryByRole('button')).not.toBeInTheDocument();

    // Paging keeps the sort, in the request and in the address.
    await user.click(await screen.findByRole('link', { name: 'Page 2' }));
    await waitFor(() =>
      expect(Object.fromEntries(calls.at(-1)!.url.searchParams)).toMatchObject({ sort: 'docDate', direction: 'asc', page: '2' }),
    );
    await waitFor(() => expect(window.location.search).toBe('?tab=delivery-notes&sort=docDate&direction=asc&page=2'));

    // Second click: descending; third: the list's own order again.
    await user.click(screen.getByRole('button', { name: 'Date' }));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('direction')).toBe('desc'));
    await user.click(screen.getByRole('button', { name: 'Date' }));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.has('sort')).toBe(false));
    await waitFor(() => expect(window.location.search).toBe('?tab=delivery-notes'));
  });

  it('names each checkbox by its document and opens a document from its number button', async () => {
    const user = userEvent.setup();
    serve((url) => (url.pathname === '/xdocs/TM1' ? { status: 200, body: detail(1) } : { status: 200, body: asBody(page([row(1)])) }));
    show(props({ initial: page([row(1)]) }));
    expect(screen.getByRole('checkbox', { name: 'Select DN00004631' })).toBeInTheDocument();
    // The row is not a tab stop of its own: the number button is.
    expect(screen.getAllByRole('row')[1]).not.toHaveAttribute('tabindex');

    const button = screen.getByRole('button', { name: 'DN00004631' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Delivery note DN00004631' })).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('doc')).toBe('TM1');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).has('doc')).toBe(false);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(button).toHaveFocus();
  });

  it('opens the document the address names on arrival', async () => {
    serve(() => ({ status: 200, body: detail(2) }));
    show(props({ initial: page([row(1), row(2)]), initialDoc: 'TM2' }));
    expect(await screen.findByRole('dialog', { name: 'Delivery note DN00004632' })).toBeInTheDocument();
    expect(calls.map((c) => c.url.pathname)).toEqual(['/xdocs/TM2']);
  });

  it('sends an ended session to sign in with the open document in the way back', async () => {
    const user = userEvent.setup();
    const leave = jest.fn();
    setLeaveForSignIn(leave);
    serve(() => ({ status: 401, body: { message: 'Unauthenticated.' } }));
    window.history.replaceState(null, '', '/?tab=delivery-notes&docno=463&page=2');
    show(props({ initial: page([row(1)]) }));

    await user.click(screen.getByRole('button', { name: 'DN00004631' }));
    expect(leave).toHaveBeenCalledWith(
      `/login?error=session_expired&next=${encodeURIComponent('/?tab=delivery-notes&docno=463&page=2&doc=TM1')}`,
    );
  });

  it('sends an ended session to sign in when a page load meets it too', async () => {
    const leave = jest.fn();
    setLeaveForSignIn(leave);
    serve(() => ({ status: 401 }));
    show(props());
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(leave).toHaveBeenCalledWith('/login?error=session_expired&next=%2F%3Ftab%3Ddelivery-notes');
    // The page is being left: no failed or empty state for a request that was not answered.
    expect(screen.queryByText('Could not load')).not.toBeInTheDocument();
    expect(screen.queryByText('No unread delivery notes.')).not.toBeInTheDocument();
  });

  it('shows a Vendor column and filter for a user with several vendors, and the vendor in the window', async () => {
    const user = userEvent.setup();
    serve(() => ({ status: 200, body: detail(1) }));
    const vendors = [
      { value: '1', label: 'V0001 Fresh Farms' },
      { value: '2', label: 'V0002 Dairy Co' },
    ];
    show(props({ initial: page([row(1)]), vendors }));
    expect(screen.getByRole('columnheader', { name: 'Vendor' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'V0002 Dairy Co' })).toBeInTheDocument();
    // The Vendor filter is the vendor look-up (it asks GET /vendors as the user types).
    expect(screen.getByRole('combobox', { name: 'Vendor' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'DN00004631' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Vendor')).toBeInTheDocument();
    expect(within(dialog).getByText('V0002 · Dairy Co')).toBeInTheDocument();
  });

  it('shows no Vendor column or filter for a user with one vendor', () => {
    serve(() => ({ status: 200 }));
    show(props({ initial: page([row(1)]), vendors: [{ value: '1', label: 'V0001 Fresh Farms' }] }));
    expect(screen.queryByRole('columnheader', { name: 'Vendor' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Vendor')).not.toBeInTheDocument();
  });

  it('confirms marking as read in the snackbar', async () => {
    const user = userEvent.setup();
    serve((url, init) => (init.method === 'PUT' ? { status: 200, body: { message: 'ok' } } : { status: 200, body: detail(1) }));
    const p = props({ initial: page([row(1), row(2)]) });
    show(p);
    await user.click(screen.getByRole('button', { name: 'DN00004631' }));
    await user.click(await screen.findByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('Delivery note DN00004631 marked as read.')).toBeInTheDocument();
    expect(p.onDecrement).toHaveBeenCalledWith('delivery-notes', 1);
  });
});

describe('markedReadMessage', () => {
  it('names one document, counts several, and says what failed', () => {
    expect(markedReadMessage(1, 0, { label: 'Remittance advice', docno: 'RA1' })).toBe('Remittance advice RA1 marked as read.');
    expect(markedReadMessage(3, 0)).toBe('3 documents marked as read.');
    expect(markedReadMessage(2, 1)).toBe('2 documents marked as read. 1 document could not be marked as read.');
    expect(markedReadMessage(0, 2)).toBe('2 documents could not be marked as read.');
  });
});

/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SortableTable, type Column } from './sortable-table';

interface Doc {
  id: string;
  docno: string;
  total: number;
  date: string;
}

const rows: Doc[] = [
  { id: 'a', docno: 'PO-2', total: 100, date: '21-11-2026' },
  { id: 'b', docno: 'PO-10', total: 9, date: '01-12-2025' },
  { id: 'c', docno: 'PO-1', total: 55.5, date: '15-01-2026' },
];

const columns: Column<Doc>[] = [
  { id: 'docno', header: 'Doc no', cell: (r) => r.docno, sortValue: (r) => r.docno },
  { id: 'total', header: 'Total', cell: (r) => r.total, sortValue: (r) => r.total },
  { id: 'date', header: 'Date', cell: (r) => r.date, sortValue: (r) => r.date },
  { id: 'note', header: 'Note', cell: () => 'n/a' },
];

function bodyRowIds() {
  const body = screen.getAllByRole('rowgroup')[1];
  return within(body)
    .getAllByRole('row')
    .map((tr) => tr.getAttribute('data-sort-index'));
}

describe('SortableTable', () => {
  it('cycles a header through ascending, descending and original order with aria-sort', async () => {
    const user = userEvent.setup();
    render(<SortableTable columns={columns} rows={rows} getRowKey={(r) => r.id} />);
    const header = screen.getByRole('columnheader', { name: /total/i });
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(bodyRowIds()).toEqual(['0', '1', '2']);

    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyRowIds()).toEqual(['1', '2', '0']);

    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(bodyRowIds()).toEqual(['0', '2', '1']);

    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(bodyRowIds()).toEqual(['0', '1', '2']);
  });

  it('sorts DD-MM-YYYY text as dates', async () => {
    const user = userEvent.setup();
    render(<SortableTable columns={columns} rows={rows} getRowKey={(r) => r.id} />);
    await user.click(screen.getByRole('button', { name: /date/i }));
    expect(bodyRowIds()).toEqual(['1', '2', '0']);
  });

  it('puts numeric sort values on the cells and leaves unsortable headers plain', () => {
    render(<SortableTable columns={columns} rows={rows} getRowKey={(r) => r.id} />);
    expect(screen.getByRole('cell', { name: '55.5' })).toHaveAttribute('data-sort-value', '55.5');
    expect(screen.getByRole('cell', { name: 'PO-1' })).not.toHaveAttribute('data-sort-value');
    expect(screen.getByRole('columnheader', { name: 'Note' })).not.toHaveAttribute('aria-sort');
  });

  it('shows the empty message when there are no rows', () => {
    render(<SortableTable columns={columns} rows={[]} getRowKey={(r) => r.id} emptyMessage="Nothing here" />);
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
  });

  it('opens a row on click and Enter, but not when its checkbox is clicked', async () => {
    const user = userEvent.setup();
    const onRowClick = jest.fn();
    const onToggle = jest.fn();
    render(
      <SortableTable
        columns={columns}
        rows={rows}
        getRowKey={(r) => r.id}
        onRowClick={onRowClick}
        selectedIds={new Set()}
        onToggle={onToggle}
        onToggleAll={jest.fn()}
      />,
    );
    await user.click(screen.getByRole('cell', { name: 'PO-10' }));
    expect(onRowClick).toHaveBeenCalledWith(rows[1]);

    await user.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    expect(onToggle).toHaveBeenCalledWith('c');
    expect(onRowClick).toHaveBeenCalledTimes(1);

    screen.getByRole('cell', { name: 'PO-2' }).closest('tr')!.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(rows[0]);
  });

  it('checks the select-all box only when every row is selected and calls onToggleAll', async () => {
    const user = userEvent.setup();
    const onToggleAll = jest.fn();
    const props = { columns, rows, getRowKey: (r: Doc) => r.id, onToggle: jest.fn(), onToggleAll };
    const { rerender } = render(<SortableTable {...props} selectedIds={new Set(['a'])} />);
    const selectAll = screen.getByRole('checkbox', { name: /select all/i }) as HTMLInputElement;
    expect(selectAll).not.toBeChecked();
    expect(selectAll.indeterminate).toBe(true);

    await user.click(selectAll);
    expect(onToggleAll).toHaveBeenCalledTimes(1);

    rerender(<SortableTable {...props} selectedIds={new Set(['a', 'b', 'c'])} />);
    expect(screen.getByRole('checkbox', { name: /select all/i })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select row 2' })).toBeChecked();
  });

  it('names each row checkbox by the row label', () => {
    render(
      <SortableTable
        columns={columns}
        rows={rows}
        getRowKey={(r) => r.id}
        selectedIds={new Set()}
        onToggle={jest.fn()}
        rowLabel={(r) => r.docno}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Select PO-10' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Select row/ })).not.toBeInTheDocument();
  });

  it('never shows the empty text while loading or after a failed load, and offers a retry', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    const props = { columns, getRowKey: (r: Doc) => r.id, emptyMessage: 'No open orders.', onRetry };
    const { rerender } = render(<SortableTable {...props} rows={[]} status="loading" />);
    expect(screen.queryByText('No open orders.')).not.toBeInTheDocument();
    expect(screen.getByText('Loading…')).toBeInTheDocument();

    rerender(<SortableTable {...props} rows={[]} status="error" />);
    expect(screen.queryByText('No open orders.')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load — Retry');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);

    // Rows loaded before stay on screen, with the notice above them.
    rerender(<SortableTable {...props} rows={rows} status="error" />);
    expect(screen.getByRole('cell', { name: 'PO-10' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the latest rows');
  });

  describe('sorted on the server', () => {
    const serverColumns: Column<Doc>[] = [
      { id: 'docno', header: 'Doc no', cell: (r) => r.docno, sortKey: 'docno' },
      { id: 'total', header: 'Total', cell: (r) => r.total, sortValue: (r) => r.total },
      { id: 'date', header: 'Date', cell: (r) => r.date, sortKey: 'docDate' },
    ];

    it('asks for the next sort in the spec cycle and shows the rows as given', async () => {
      const user = userEvent.setup();
      const onSortChange = jest.fn();
      const props = { columns: serverColumns, rows, getRowKey: (r: Doc) => r.id, onSortChange };
      const { rerender } = render(<SortableTable {...props} sort={null} />);
      // Only the columns the server sorts by are sortable: no page-local sorting.
      expect(screen.getByRole('columnheader', { name: 'Total' })).not.toHaveAttribute('aria-sort');

      await user.click(screen.getByRole('button', { name: /Date/ }));
      expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'docDate', direction: 'asc' });
      expect(bodyRowIds()).toEqual(['0', '1', '2']);

      rerender(<SortableTable {...props} sort={{ columnId: 'docDate', direction: 'asc' }} />);
      expect(screen.getByRole('columnheader', { name: /Date/ })).toHaveAttribute('aria-sort', 'ascending');
      await user.click(screen.getByRole('button', { name: /Date/ }));
      expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'docDate', direction: 'desc' });

      rerender(<SortableTable {...props} sort={{ columnId: 'docDate', direction: 'desc' }} />);
      await user.click(screen.getByRole('button', { name: /Date/ }));
      expect(onSortChange).toHaveBeenLastCalledWith(null);
      expect(bodyRowIds()).toEqual(['0', '1', '2']);
    });

    it('offers the same sorts in a menu for the phone cards, and marks what each card shows', async () => {
      const user = userEvent.setup();
      const onSortChange = jest.fn();
      render(
        <SortableTable
          columns={serverColumns}
          rows={rows}
          getRowKey={(r) => r.id}
          sort={null}
          onSortChange={onSortChange}
          card={{ title: 'docno', fields: ['date'] }}
        />,
      );
      await user.selectOptions(screen.getByLabelText('Sort by'), 'Date (descending)');
      expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'docDate', direction: 'desc' });
      const cell = screen.getByRole('cell', { name: 'PO-10' });
      expect(cell).toHaveClass('table__cell--card-title');
      expect(screen.getByRole('cell', { name: '9' })).toHaveClass('table__cell--card-hidden');
      expect(screen.getByRole('cell', { name: '01-12-2025' })).toHaveAttribute('data-label', 'Date');
    });
  });
});

/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { FilterPanel, type FilterField } from './filter-panel';

const fields: FilterField[] = [
  { name: 'docno', label: 'Number', kind: 'text' },
  { name: 'fromDate', label: 'From', kind: 'date' },
  { name: 'toDate', label: 'To', kind: 'date' },
];

describe('FilterPanel', () => {
  it("shows a refused search's messages at their fields", () => {
    render(
      <FilterPanel
        fields={fields}
        values={{ fromDate: '2026-05-01', toDate: '2026-01-01' }}
        lookups={{}}
        onApply={() => {}}
        onReset={() => {}}
        label="Filters"
        serverErrors={{ toDate: 'To must be after From.' }}
        serverMessage="The given data was invalid."
      />,
    );
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('To must be after From.')).toBeInTheDocument();
    // The field carries it; the panel does not repeat the general message.
    expect(screen.queryByText('The given data was invalid.')).not.toBeInTheDocument();
  });

  it('shows the message on the panel when no field of it is named', () => {
    render(
      <FilterPanel
        fields={fields}
        values={{}}
        lookups={{}}
        onApply={() => {}}
        onReset={() => {}}
        label="Filters"
        serverErrors={{ results: 'Too many.' } as never}
        serverMessage="Too many."
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Too many.');
  });

  it('shows filters put in force from elsewhere (back and forward)', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <FilterPanel fields={fields} values={{ docno: 'PO1' }} lookups={{}} onApply={() => {}} onReset={() => {}} label="Filters" />,
    );
    await user.type(screen.getByLabelText('Number'), '23');
    expect(screen.getByLabelText('Number')).toHaveValue('PO123');
    rerender(<FilterPanel fields={fields} values={{ docno: 'PO9' }} lookups={{}} onApply={() => {}} onReset={() => {}} label="Filters" />);
    expect(screen.getByLabelText('Number')).toHaveValue('PO9');
  });

  it("can't be used in the server's HTML, before hydration, and can once rendered in the browser", () => {
    const panel = <FilterPanel fields={fields} values={{}} lookups={{}} onApply={() => {}} onReset={() => {}} label="Filters" />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(panel);
    expect(container.querySelector('fieldset')).toBeDisabled();
    expect(container.querySelector('button[type="submit"]')).toBeDisabled();

    render(panel);
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
    expect(screen.getByLabelText('Number')).toBeEnabled();
  });
});

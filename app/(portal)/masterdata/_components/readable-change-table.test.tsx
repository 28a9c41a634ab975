/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { ReadableChangeTable } from './readable-change-table';

describe('ReadableChangeTable (the shared side-by-side table with a vendor-data renderer)', () => {
  it('shows text, a dash for no value and the certificate as a file to open, changed lines marked', () => {
    render(
      <ReadableChangeTable
        caption="Vendor data before and after"
        fields={[
          { key: 'name', label: 'Name', current: 'Old Dairy', proposed: 'New Dairy', changed: true },
          { key: 'phone', label: 'Phone', current: null, proposed: null, changed: false },
          {
            key: 'certificate',
            label: 'B-BBEE certificate',
            current: null,
            proposed: 'cert.pdf',
            changed: true,
            proposedFile: { id: 7, name: 'cert.pdf' },
          },
        ]}
      />,
    );
    const name = screen.getByRole('row', { name: /Name/ });
    expect(name).toHaveClass('is-changed');
    expect(within(name).getByText('changed')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Phone/ })).not.toHaveClass('is-changed');
    expect(within(screen.getByRole('row', { name: /Phone/ })).getAllByText('—')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'cert.pdf' })).toHaveAttribute('href', '/api/files/7/download');
    expect(screen.getByRole('columnheader', { name: 'Proposed' })).toBeInTheDocument();
  });
});

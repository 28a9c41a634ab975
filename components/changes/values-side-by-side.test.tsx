/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { isChanged, priceChangePercent, ValuesSideBySide } from './values-side-by-side';

describe('priceChangePercent', () => {
  it('gives the signed move with two decimals', () => {
    expect(priceChangePercent('10.00', '10.40')).toBe('+4.00 %');
    expect(priceChangePercent('20', '15')).toBe('-25.00 %');
    expect(priceChangePercent('5', '5')).toBe('0.00 %');
  });
  it('is null when it cannot be told', () => {
    expect(priceChangePercent(null, '5')).toBeNull();
    expect(priceChangePercent('0', '5')).toBeNull();
    expect(priceChangePercent('abc', '5')).toBeNull();
  });
});

describe('ValuesSideBySide', () => {
  it('highlights the changed fields only and shows the price move', () => {
    render(
      <ValuesSideBySide
        percentFor={['costPrice']}
        fields={[
          { key: 'descr', label: 'Description', current: 'Milk 1L', proposed: 'Milk 1L (new look)' },
          { key: 'barcode', label: 'Barcode', current: '600', proposed: '600', unchanged: true },
          { key: 'costPrice', label: 'Cost price', current: '10.00', proposed: '11.00' },
        ]}
      />,
    );
    const descr = screen.getByRole('row', { name: /Description/ });
    expect(descr).toHaveClass('is-changed');
    expect(within(descr).getByText('changed')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Barcode/ })).not.toHaveClass('is-changed');
    expect(screen.getByRole('row', { name: /Cost price/ })).toHaveTextContent('11.00 (+10.00 %)');
  });

  it('counts a field as changed only when it is proposed and differs', () => {
    expect(isChanged({ key: 'a', label: 'A', current: 1, proposed: '1' })).toBe(false);
    expect(isChanged({ key: 'a', label: 'A', current: 1, proposed: 2, unchanged: true })).toBe(false);
    expect(isChanged({ key: 'a', label: 'A', current: null, proposed: 'x' })).toBe(true);
  });
});

/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { ListFrame, resultsText } from './list-frame';

const pager = (totalResults: number, totalCapped = false) => ({ results: 50, resultPage: 1, totalPages: 1, totalResults, totalCapped });

function frame(loading: boolean, total: number) {
  return (
    <ListFrame
      filters={null}
      filtersLabel="Filters"
      actions={null}
      loading={loading}
      pageSize={50}
      onPageSizeChange={() => {}}
      pager={pager(total)}
      onPageChange={() => {}}
    >
      <table />
    </ListFrame>
  );
}

describe('ListFrame live region', () => {
  it('says a load has started, then how many results it found, in the same polite region', () => {
    const { rerender } = render(frame(true, 0));
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('Loading…');
    rerender(frame(false, 1234));
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent('1,234 results');
  });

  it('words one, none and a capped count', () => {
    expect(resultsText(pager(1))).toBe('1 result');
    expect(resultsText(pager(0))).toBe('No results');
    expect(resultsText(pager(10000, true))).toBe('More than 10,000 results');
  });
});

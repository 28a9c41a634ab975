/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination, pageRange, pageWindow, withPageParam } from './pagination';

describe('pageWindow (window of 5)', () => {
  it('starts at 1 on the first pages', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres on the current page in the middle', () => {
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(4, 20)).toEqual([2, 3, 4, 5, 6]);
  });

  it('ends at the last page', () => {
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('shows every page when there are fewer than 5', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('clamps an out-of-range current page', () => {
    expect(pageWindow(99, 7)).toEqual([3, 4, 5, 6, 7]);
  });
});

describe('pageRange (showing X - Y of N)', () => {
  it('computes the bounds of a full and a last partial page', () => {
    expect(pageRange({ results: 50, resultPage: 1, totalPages: 3, totalResults: 120 })).toEqual({ from: 1, to: 50, total: 120 });
    expect(pageRange({ results: 50, resultPage: 3, totalPages: 3, totalResults: 120 })).toEqual({ from: 101, to: 120, total: 120 });
  });

  it('accepts numbers sent as strings', () => {
    expect(pageRange({ results: '10', resultPage: '2', totalPages: '3', totalResults: '25' })).toEqual({ from: 11, to: 20, total: 25 });
  });

  it('is null when the page has no results', () => {
    expect(pageRange({ results: 50, resultPage: 1, totalPages: 0, totalResults: 0 })).toBeNull();
    expect(pageRange({ results: 50, resultPage: 4, totalPages: 3, totalResults: 120 })).toBeNull();
  });
});

describe('withPageParam', () => {
  it('sets page and keeps the other parameters', () => {
    expect(withPageParam('?status=all&page=2', 5)).toBe('?status=all&page=5');
    expect(withPageParam('', 1)).toBe('?page=1');
  });
});

describe('Pagination', () => {
  const pager = (resultPage: number, totalPages = 20) => ({ results: 10, resultPage, totalPages, totalResults: totalPages * 10 });

  beforeEach(() => window.history.replaceState(null, '', '/history?docType=order'));

  it('shows the summary only when the page has results', () => {
    const { rerender } = render(<Pagination resultPager={pager(2)} />);
    expect(screen.getByText('showing 11 - 20 of 200 results')).toBeInTheDocument();
    rerender(<Pagination resultPager={{ results: 10, resultPage: 1, totalPages: 0, totalResults: 0 }} />);
    expect(screen.queryByText(/showing/)).not.toBeInTheDocument();
  });

  it('says "more than" a capped total and offers no Last link, whose page is not known', () => {
    render(<Pagination resultPager={{ results: 50, resultPage: 2, totalPages: 200, totalResults: 10000, totalCapped: true }} />);
    expect(screen.getByText('showing 51 - 100 of more than 10,000 results')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Last/ })).not.toBeInTheDocument();
  });

  it('has no First link while page 1 is in the window, and a Last link to the final page', () => {
    render(<Pagination resultPager={pager(2)} />);
    expect(screen.queryByRole('link', { name: /first/i })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /last/i })).toHaveAttribute('href', '?docType=order&page=20');
  });

  it('shows a First link once page 1 is scrolled past and highlights the current page', () => {
    render(<Pagination resultPager={pager(10)} />);
    expect(screen.getByRole('link', { name: /first/i })).toHaveAttribute('href', '?docType=order&page=1');
    expect(screen.getByRole('link', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Page 9' })).not.toHaveAttribute('aria-current');
    expect(screen.getAllByRole('link', { name: /^Page/ })).toHaveLength(5);
  });

  it('reports the chosen page instead of following the link, leaving the address to the list that owns it', async () => {
    const user = userEvent.setup();
    const onPageChange = jest.fn();
    render(<Pagination resultPager={pager(1)} onPageChange={onPageChange} />);
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '?docType=order&page=3');
    await user.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    expect(window.location.pathname).toBe('/history');
    expect(window.location.search).toBe('?docType=order');
  });

  it('uses hrefForPage when given', () => {
    render(<Pagination resultPager={pager(1, 2)} hrefForPage={(p) => `/users?page=${p}`} />);
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/users?page=2');
  });
});

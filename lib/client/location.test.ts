/** @jest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import { mergeQuery, pushQuery, useLocationSearch } from './location';

describe('mergeQuery', () => {
  it('sets, replaces and removes parameters while keeping the rest', () => {
    expect(mergeQuery('?a=1&page=2', { page: 3 })).toBe('?a=1&page=3');
    expect(mergeQuery('?a=1&b=2', { b: null, c: 'x y' })).toBe('?a=1&c=x+y');
    expect(mergeQuery('?a=1', { a: '' })).toBe('');
  });
});

describe('pushQuery / useLocationSearch', () => {
  beforeEach(() => window.history.replaceState(null, '', '/users/activity?activity=login#top'));

  it('writes to the address bar, keeping path and hash, and re-renders subscribers', () => {
    const { result } = renderHook(() => useLocationSearch());
    expect(result.current).toBe('?activity=login');
    act(() => pushQuery({ page: 2 }));
    expect(window.location.pathname).toBe('/users/activity');
    expect(window.location.hash).toBe('#top');
    expect(result.current).toBe('?activity=login&page=2');
  });

  it('can replace instead of push', () => {
    const before = window.history.length;
    act(() => pushQuery({ page: 4 }, 'replace'));
    expect(window.history.length).toBe(before);
    expect(window.location.search).toBe('?activity=login&page=4');
  });
});

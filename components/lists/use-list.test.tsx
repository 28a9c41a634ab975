/** @jest-environment jsdom */
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { NuqsTestingAdapter, type UrlUpdateEvent } from 'nuqs/adapters/testing';
import { pagerOf, type LaravelPage } from '@/lib/domain/paging';
import { ApiRequestError } from '@/lib/client/api';
import { defineList, textFilters } from './list-spec';
import { makeQueryClient, shouldRetry } from './query-client';
import { useList } from './use-list';

type Row = { id: number };
const LIST = defineList({
  endpoint: '/things',
  filters: textFilters('owner', 'docno'),
  sortKeys: ['time', 'owner'] as const,
  defaultPageSize: 25,
  read: (answer: { things: LaravelPage<Row> }) => ({ rows: answer.things.data, pager: pagerOf(answer.things) }),
});

const answer = (ids: number[], page = 1) => ({
  things: { data: ids.map((id) => ({ id })), per_page: 25, current_page: page, last_page: 3, total: 60 },
});

/** The parts of a fetch Response that lib/client/api.ts reads (jsdom has no Response). */
const jsonResponse = (body: unknown, status = 200) =>
  ({ status, ok: status < 300, headers: { get: () => 'application/json' }, text: async () => JSON.stringify(body) }) as unknown as Response;

/** A fetch whose answers the test releases one by one, recording what was asked and what was aborted. */
function controlledFetch() {
  const calls: { url: string; signal: AbortSignal | undefined; answer: (body: unknown) => void }[] = [];
  global.fetch = jest.fn(
    (url: string, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        calls.push({
          url,
          signal: init?.signal ?? undefined,
          answer: (body) => resolve(jsonResponse(body)),
        });
      }),
  ) as unknown as typeof fetch;
  return calls;
}

function setup(search: string) {
  const updates: UrlUpdateEvent[] = [];
  const client = makeQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <NuqsTestingAdapter searchParams={search} onUrlUpdate={(e) => updates.push(e)} hasMemory>
        {children}
      </NuqsTestingAdapter>
    </QueryClientProvider>
  );
  return { updates, wrapper };
}

describe('useList', () => {
  it('asks the endpoint for the filters, page, page size and sort the address holds', async () => {
    const calls = controlledFetch();
    const { wrapper } = setup('?owner=Ann&page=2&pageLimit=50&sort=owner&direction=desc&other=x');
    const { result } = renderHook(() => useList(LIST), { wrapper });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url).toBe('/things?owner=Ann&page=2&pageLimit=50&sort=owner&direction=desc');
    expect(result.current.status).toBe('loading');
    act(() => calls[0].answer(answer([1, 2], 2)));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.rows).toEqual([{ id: 1 }, { id: 2 }]);
    expect(result.current.pager).toEqual({ results: 25, resultPage: 2, totalPages: 3, totalResults: 60 });
    expect(result.current.filters).toEqual({ owner: 'Ann' });
    expect(result.current.sort).toEqual({ columnId: 'owner', direction: 'desc' });
  });

  it('ignores a sort the list does not offer and a page that is not a page', async () => {
    const calls = controlledFetch();
    const { wrapper } = setup('?sort=password&page=-3&pageLimit=7');
    renderHook(() => useList(LIST), { wrapper });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url).toBe('/things?page=1&pageLimit=25');
  });

  it('uses the server-rendered first page without asking again', async () => {
    const calls = controlledFetch();
    const { wrapper } = setup('?owner=Ann');
    const { result } = renderHook(() => useList(LIST, { initial: answer([7]) }), { wrapper });
    expect(result.current.rows).toEqual([{ id: 7 }]);
    expect(result.current.status).toBe('ready');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(0);
  });

  it('never shows a slow earlier answer over a newer one: the earlier request is aborted', async () => {
    const calls = controlledFetch();
    const { wrapper } = setup('');
    const { result } = renderHook(() => useList(LIST), { wrapper });
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => result.current.setFilters({ owner: 'Ann' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    act(() => calls[1].answer(answer([2])));
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 2 }]));
    expect(calls[0].signal?.aborted).toBe(true);
    act(() => calls[0].answer(answer([1])));
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current.rows).toEqual([{ id: 2 }]);
    expect(result.current.status).toBe('ready');
  });

  it('writes filters (from page 1), page and sort to the address as history entries', async () => {
    controlledFetch();
    const { wrapper, updates } = setup('?owner=Ann&page=3');
    const address = () => Object.fromEntries(new URLSearchParams(updates.at(-1)?.queryString));
    const { result } = renderHook(() => useList(LIST), { wrapper });
    act(() => result.current.setPage(4));
    await waitFor(() => expect(address()).toEqual({ owner: 'Ann', page: '4' }));
    expect(updates.at(-1)?.options.history).toBe('push');
    act(() => result.current.setSort({ columnId: 'time', direction: 'desc' }));
    await waitFor(() => expect(address()).toEqual({ owner: 'Ann', sort: 'time', direction: 'desc' }));
    act(() => result.current.setFilters({ docno: ' PO1 ' }));
    await waitFor(() => expect(address()).toEqual({ docno: 'PO1', sort: 'time', direction: 'desc' }));
    act(() => result.current.setPageSize(100));
    await waitFor(() => expect(address()).toEqual({ docno: 'PO1', pageLimit: '100', sort: 'time', direction: 'desc' }));
  });

  it('gives the same filters and sort objects until the address changes them', async () => {
    controlledFetch();
    const { wrapper } = setup('?owner=Ann&sort=time&direction=desc');
    const { result, rerender } = renderHook(() => useList(LIST), { wrapper });
    const { filters, sort } = result.current;
    rerender();
    expect(result.current.filters).toBe(filters);
    expect(result.current.sort).toBe(sort);
    act(() => result.current.setPage(2));
    await waitFor(() => expect(result.current.page).toBe(2));
    expect(result.current.sort).toBe(sort);
    act(() => result.current.setSort({ columnId: 'owner', direction: 'asc' }));
    await waitFor(() => expect(result.current.sort).toEqual({ columnId: 'owner', direction: 'asc' }));
  });

  it('keeps the last rows on screen when a load fails, and says so', async () => {
    const calls = controlledFetch();
    const { wrapper } = setup('');
    const { result } = renderHook(() => useList(LIST, { initial: answer([5]) }), { wrapper });
    global.fetch = jest.fn(async () => jsonResponse({ message: 'nope' }, 422));
    act(() => result.current.setPage(2));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.rows).toEqual([{ id: 5 }]);
    expect(result.current.error).toBeInstanceOf(ApiRequestError);
    expect(calls).toHaveLength(0);
  });
});

describe('shouldRetry', () => {
  it('does not repeat a refusal (4xx) and tries a failure (5xx, network) once more', () => {
    expect(shouldRetry(0, new ApiRequestError(422, 'bad'))).toBe(false);
    expect(shouldRetry(0, new ApiRequestError(404, 'gone'))).toBe(false);
    expect(shouldRetry(0, new ApiRequestError(503, 'down'))).toBe(true);
    expect(shouldRetry(0, new ApiRequestError(0, 'offline'))).toBe(true);
    expect(shouldRetry(1, new ApiRequestError(503, 'down'))).toBe(false);
  });
});

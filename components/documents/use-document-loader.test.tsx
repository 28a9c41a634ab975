/** @jest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import { useDocumentLoader } from './use-document-loader';
import { fakeResponse } from '@/lib/client/test-support/fake-response';

function respond(status: number, body?: object) {
  global.fetch = jest.fn(async () => fakeResponse(status, body)) as typeof fetch;
}

const doc = () => new URLSearchParams(window.location.search).get('doc');

beforeEach(() => window.history.replaceState(null, '', '/?tab=orders&page=2'));

describe('useDocumentLoader with an address parameter', () => {
  it('names the document in the address while it opens and is open, and removes it on close', async () => {
    let resolve: (r: Response) => void = () => undefined;
    global.fetch = jest.fn(() => new Promise<Response>((r) => (resolve = r))) as typeof fetch;
    const { result } = renderHook(() => useDocumentLoader({ urlParam: 'doc' }));
    let opened: Promise<boolean> = Promise.resolve(false);
    act(() => {
      opened = result.current.open('TM7');
    });
    // Already while loading: a session that ends now comes back to this document.
    expect(doc()).toBe('TM7');
    expect(window.location.search).toBe('?tab=orders&page=2&doc=TM7');
    await act(async () => {
      resolve(fakeResponse(200, { xdoc: { tinyMce: 'TM7', docno: 'PO7' } }));
      expect(await opened).toBe(true);
    });
    expect(result.current.doc?.docno).toBe('PO7');

    act(() => result.current.close());
    expect(result.current.doc).toBeNull();
    expect(window.location.search).toBe('?tab=orders&page=2');
  });

  it('takes the name out of the address when the document cannot be had', async () => {
    respond(404, { message: 'Document not found.' });
    const { result } = renderHook(() => useDocumentLoader({ urlParam: 'doc' }));
    await act(async () => {
      expect(await result.current.open('GONE')).toBe(false);
    });
    expect(doc()).toBeNull();
    expect(result.current.doc).toBeNull();
  });

  it('leaves the address alone without a parameter', async () => {
    respond(200, { xdoc: { tinyMce: 'TM1', docno: 'PO1' } });
    const { result } = renderHook(() => useDocumentLoader());
    await act(async () => {
      await result.current.open('TM1');
    });
    expect(window.location.search).toBe('?tab=orders&page=2');
  });
});

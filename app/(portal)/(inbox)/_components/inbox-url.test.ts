import { mergeQuery } from '@/lib/client/location';
import { listChanges, readInboxUrl, tabChanges } from './inbox-url';

describe('the inbox address', () => {
  it('reads the tab, its filters, page, page size, sort and the open document', () => {
    const url = readInboxUrl('?tab=orders&docno=4632&store=7&page=3&results=25&sort=deliveryDate&direction=asc&doc=TM-1&password=x', {
      withVendor: false,
    });
    expect(url).toEqual({
      tab: 'orders',
      view: 'to-invoice',
      list: 'orders',
      filters: { docno: '4632', store: '7' },
      page: 3,
      pageSize: 25,
      sort: { columnId: 'deliveryDate', direction: 'asc' },
      doc: 'TM-1',
    });
  });

  it("reads Next's searchParams on the server render the same way", () => {
    expect(
      readInboxUrl(
        { tab: 'remittances', fromDate: '2026-01-01', sort: ['xdocTotalIncl', 'docno'], direction: 'desc' },
        { withVendor: false },
      ),
    ).toEqual({
      tab: 'remittances',
      view: 'to-invoice',
      list: 'remittances',
      filters: { fromDate: '2026-01-01' },
      page: 1,
      pageSize: null,
      sort: { columnId: 'xdocTotalIncl', direction: 'desc' },
      doc: null,
    });
  });

  it('ignores filters the tab does not offer and sorts the server does not know', () => {
    const url = readInboxUrl('?tab=delivery-notes&region=3&docno=DN1&sort=customer', { withVendor: false });
    expect(url.filters).toEqual({ docno: 'DN1' });
    expect(url.sort).toBeNull();
  });

  it('reads the vendor filter only for a user with several vendors', () => {
    expect(readInboxUrl('?vendor=2', { withVendor: true }).filters).toEqual({ vendor: '2' });
    expect(readInboxUrl('?vendor=2', { withVendor: false }).filters).toEqual({});
  });

  it('starts on the orders tab; the invoices tab shows the list of its view (to invoice unless view= says to credit)', () => {
    expect(readInboxUrl('', { withVendor: false })).toMatchObject({ tab: 'orders', page: 1, sort: null, doc: null });
    expect(readInboxUrl('?tab=invoices&docno=1&doc=X&results=10&wfStatusCode=mixed', { withVendor: false })).toEqual({
      tab: 'invoices',
      view: 'to-invoice',
      list: 'to-invoice',
      filters: { docno: '1', wfStatusCode: 'mixed' },
      page: 1,
      pageSize: 10,
      sort: null,
      doc: 'X',
    });
    expect(readInboxUrl('?tab=invoices&view=to-credit&xdocTypeSubCode=jab', { withVendor: false })).toMatchObject({
      view: 'to-credit',
      list: 'to-credit',
      filters: {},
    });
    // Leaving for another tab drops the view; coming back to credit writes it.
    expect(tabChanges('orders', undefined, false, 'to-credit')).toMatchObject({ tab: 'orders', view: null });
    expect(tabChanges('invoices', { filters: { docno: '7' }, sort: null }, false, 'to-credit')).toMatchObject({
      view: 'to-credit',
      docno: '7',
    });
  });

  it('writes new filters and sort back to page 1, keeping the rest of the address', () => {
    const search = '?tab=orders&docno=1&page=4&results=25&doc=X';
    const filtered = mergeQuery(search, listChanges('orders', { filters: { store: '4', vendor: '2' } }, true));
    expect(filtered).toBe('?tab=orders&results=25&doc=X&store=4&vendor=2');
    const sorted = mergeQuery(filtered, listChanges('orders', { sort: { columnId: 'deliveryDate', direction: 'desc' } }, true));
    expect(sorted).toBe('?tab=orders&results=25&doc=X&store=4&vendor=2&sort=deliveryDate&direction=desc');
    expect(readInboxUrl(sorted, { withVendor: true })).toMatchObject({ filters: { store: '4', vendor: '2' }, page: 1 });
  });

  it("switching tabs clears the tab left behind and shows the new tab's kept filters and sort", () => {
    const search = '?tab=orders&deliveryDateFrom=2026-01-01&region=3&page=2&sort=docno&direction=asc&doc=X&results=25';
    expect(mergeQuery(search, tabChanges('remittances', undefined, false))).toBe('?tab=remittances&results=25');
    const kept = { filters: { docno: 'RA1' }, sort: { columnId: 'xdocTotalIncl', direction: 'desc' as const } };
    expect(Object.fromEntries(new URLSearchParams(mergeQuery(search, tabChanges('remittances', kept, false))))).toEqual({
      tab: 'remittances',
      results: '25',
      docno: 'RA1',
      sort: 'xdocTotalIncl',
      direction: 'desc',
    });
    expect(mergeQuery(search, tabChanges('invoices', undefined, false))).toBe('?tab=invoices&results=25');
  });
});

import { createLoader } from 'nuqs/server';
import { listQuery, loadListState } from '@/components/lists/list-spec';
import { INBOX_PLACE, inboxList, listOf, tabSwitch } from './inbox-lists';
import type { ListId } from './tabs';

/** The address as the server page reads it (the browser's parsers are the same). */
const params = (search: string) => Object.fromEntries(new URLSearchParams(search));
const place = (search: string) => createLoader(INBOX_PLACE)(params(search));
async function state(list: ListId, search: string, withVendor = false) {
  return loadListState(inboxList(list, withVendor), Promise.resolve(params(search)));
}
const filled = (s: Record<string, unknown>, list: ListId, withVendor = false) =>
  Object.fromEntries(Object.keys(inboxList(list, withVendor).filters).flatMap((n) => (s[n] ? [[n, s[n]]] : [])));

describe('the inbox address', () => {
  it('reads the tab, its filters, page, page size, sort and the open document', async () => {
    const search = '?tab=orders&docno=4632&store=7&page=3&results=25&sort=deliveryDate&direction=asc&doc=TM-1&password=x';
    expect(place(search)).toEqual({ tab: 'orders', view: 'to-invoice', doc: 'TM-1' });
    const s = await state('orders', search);
    expect(filled(s, 'orders')).toEqual({ docno: '4632', store: '7' });
    expect(s).toMatchObject({ page: 3, pageLimit: 25, sort: 'deliveryDate', direction: 'asc' });
  });

  it('asks the API for the filled-in filters only, with the page size, page and sort', async () => {
    const s = await state('orders', '?docno=%20PO1%20&store=&region=3&page=2&results=25&sort=deliveryDate&direction=asc');
    expect(listQuery(inboxList('orders', false), s, 50)).toEqual({
      docno: 'PO1',
      region: '3',
      results: 25,
      page: 2,
      sort: 'deliveryDate',
      direction: 'asc',
    });
    // Without a page size in the address, the screen's (the user's cookie) is asked for.
    expect(listQuery(inboxList('orders', false), await state('orders', ''), 10)).toEqual({ page: 1, results: 10 });
  });

  it('ignores filters the tab does not offer and sorts the server does not know', async () => {
    const s = await state('delivery-notes', '?tab=delivery-notes&region=3&docno=DN1&sort=customer');
    expect(filled(s, 'delivery-notes')).toEqual({ docno: 'DN1' });
    expect(s.sort).toBeNull();
  });

  it('reads the vendor filter only for a user with several vendors', async () => {
    expect(filled(await state('orders', '?vendor=2', true), 'orders', true)).toEqual({ vendor: '2' });
    expect(filled(await state('orders', '?vendor=2'), 'orders')).toEqual({});
  });

  it('starts on the orders tab; the invoices tab shows the list of its view (to invoice unless view= says to credit)', () => {
    expect(place('')).toEqual({ tab: 'orders', view: 'to-invoice', doc: null });
    expect(place('?tab=nonsense').tab).toBe('orders');
    const invoices = place('?tab=invoices');
    expect(listOf(invoices.tab, invoices.view)).toBe('to-invoice');
    const credit = place('?tab=invoices&view=to-credit');
    expect(listOf(credit.tab, credit.view)).toBe('to-credit');
    expect(inboxList('to-credit', false).endpoint).toBe('/orders/returned?responded=true');
  });

  it("switching tabs clears the tab left behind and shows the new tab's kept filters and sort", () => {
    const changes = tabSwitch('remittances', 'to-invoice', {
      filters: { docno: 'RA1' },
      sort: { columnId: 'xdocTotalIncl', direction: 'desc' },
    });
    expect(Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== null))).toEqual({
      tab: 'remittances',
      docno: 'RA1',
      sort: 'xdocTotalIncl',
      direction: 'desc',
    });
    // Everything else the lists write is cleared: filters, page and the open document; the page size is not touched.
    expect(changes).toMatchObject({ deliveryDateFrom: null, region: null, page: null, doc: null, view: null });
    expect(changes).not.toHaveProperty('results');
    // Leaving for another tab drops the view; coming back to credit writes it.
    expect(tabSwitch('invoices', 'to-credit', undefined)).toMatchObject({ tab: 'invoices', view: 'to-credit' });
  });
});

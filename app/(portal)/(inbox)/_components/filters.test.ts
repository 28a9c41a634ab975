import { FILTER_FIELDS, hasFilters, listQuery } from './filters';

describe('inbox filters', () => {
  it('offer the order filters of spec §3 on the orders tab', () => {
    expect(FILTER_FIELDS.orders.map((f) => f.name)).toEqual([
      'docno',
      'store',
      'xdocTypeSubCode',
      'orderType',
      'custaccountTinyMce',
      'region',
      'deliveryDateFrom',
      'deliveryDateTo',
      'fromDate',
      'toDate',
    ]);
  });

  it('speak of collection dates and leave out the sub type on return orders', () => {
    const fields = FILTER_FIELDS['return-orders'];
    expect(fields.find((f) => f.name === 'xdocTypeSubCode')).toBeUndefined();
    expect(fields.find((f) => f.name === 'deliveryDateFrom')?.label).toBe('Collection date from');
  });

  it('offer number, store and a date range on remittances', () => {
    expect(FILTER_FIELDS.remittances.map((f) => f.name)).toEqual(['docno', 'store', 'fromDate', 'toDate']);
  });

  it('send only filled-in filters with the page size and page', () => {
    expect(listQuery({ docno: ' PO1 ', store: '', region: '3' }, 25, 2)).toEqual({ docno: 'PO1', region: '3', results: 25, page: 2 });
  });

  it('know whether any filter is set', () => {
    expect(hasFilters({ docno: ' ' })).toBe(false);
    expect(hasFilters({ store: '4' })).toBe(true);
  });
});

import { FILTER_FIELDS, filterFieldsFor, hasFilters, showsVendor, validateFilters } from './filters';

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

  it('know whether any filter is set', () => {
    expect(hasFilters({ docno: ' ' })).toBe(false);
    expect(hasFilters({ store: '4' })).toBe(true);
  });

  it('offer a Vendor filter only to a user linked to more than one vendor', () => {
    const one = [{ value: '1', label: 'V0001 Fresh Farms' }];
    const two = [...one, { value: '2', label: 'V0002 Dairy Co' }];
    expect(showsVendor(one)).toBe(false);
    expect(showsVendor(two)).toBe(true);
    expect(filterFieldsFor('orders', one).map((f) => f.name)).not.toContain('vendor');
    expect(filterFieldsFor('remittances', two).map((f) => f.name)).toEqual(['docno', 'vendor', 'store', 'fromDate', 'toDate']);
  });

  it('refuse a date range that ends before it starts, at its end field', () => {
    // The API's words for the same refusal (lib/domain/inbox/schemas.ts).
    expect(validateFilters({ fromDate: '2026-05-01', toDate: '2026-04-30' })).toEqual({ toDate: 'The to date is before the from date.' });
    expect(validateFilters({ deliveryDateFrom: '2026-05-01', deliveryDateTo: '2026-01-01', toDate: '2026-01-01' })).toEqual({
      deliveryDateTo: 'The delivery to date is before the delivery from date.',
    });
    expect(validateFilters({ fromDate: '2026-05-01', toDate: '2026-05-01' })).toEqual({});
    expect(validateFilters({ toDate: '2026-05-01' })).toEqual({});
  });
});

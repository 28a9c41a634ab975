import { mergeQuery } from '@/lib/client/location';
import { listUrlChanges, readListUrl } from './list-url';

const spec = { filters: ['docno', 'store'] as const, sortKeys: ['docno', 'deliveryDate'] };

describe('list state in the address bar', () => {
  it('reads filters, page, page size and sort', () => {
    expect(readListUrl('?tab=orders&docno=4632&store=&page=3&results=25&sort=deliveryDate&direction=desc', spec)).toEqual({
      filters: { docno: '4632' },
      page: 3,
      pageSize: 25,
      sort: { columnId: 'deliveryDate', direction: 'desc' },
    });
  });

  it('ignores what the list does not offer', () => {
    expect(readListUrl('?page=-2&results=7&sort=password&foo=1', spec)).toEqual({ filters: {}, page: 1, pageSize: null, sort: null });
    expect(readListUrl({ sort: 'docno', page: ['2', '9'] }, spec)).toMatchObject({
      page: 2,
      sort: { columnId: 'docno', direction: 'asc' },
    });
  });

  it('writes a state back, clearing what is default or unset, and survives the round trip', () => {
    const changes = listUrlChanges(
      { filters: { store: '4' }, page: 1, pageSize: 100, sort: { columnId: 'docno', direction: 'asc' } },
      spec,
    );
    const search = mergeQuery('?tab=orders&docno=old&page=5', changes);
    expect(search).toBe('?tab=orders&store=4&results=100&sort=docno&direction=asc');
    expect(readListUrl(search, spec)).toMatchObject({ filters: { store: '4' }, page: 1, pageSize: 100 });
    expect(mergeQuery(search, listUrlChanges({ sort: null }, spec))).toBe('?tab=orders&store=4&results=100');
  });
});

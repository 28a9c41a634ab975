import { defineList, textFilters } from '@/components/lists/list-spec';
import { pagerOf } from '@/lib/domain/paging';
import { MANAGED_VENDOR_SORT_KEYS } from '@/lib/domain/vendors/schemas';
import type { ManagedVendor, ManagedVendorsAnswer } from './vendor-modal';

/** The vendor list: GET /vendors/user ({vendors: page}), its filters, sorts and page size in the address. */
export const VENDORS_LIST = defineList({
  endpoint: '/vendors/user',
  filters: textFilters('code', 'name', 'certificate'),
  sortKeys: MANAGED_VENDOR_SORT_KEYS,
  defaultPageSize: 25,
  read: (answer: ManagedVendorsAnswer) => ({
    rows: answer.vendors.data as readonly ManagedVendor[],
    pager: pagerOf(answer.vendors),
  }),
});

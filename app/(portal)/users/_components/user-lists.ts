import { defineList, textFilters } from '@/components/lists/list-spec';
import { pagerOf, type LaravelPage } from '@/lib/domain/paging';
import { USER_SORT_KEYS, USER_VENDOR_SORT_KEYS } from '@/lib/domain/users/schemas';
import type { listUserVendors } from '@/lib/domain/users/queries';
import type { UserRow } from './types';

/** A vendor of the linking view (GET /users/{id}/vendors/{which}): `write`, the link grants write; `writable`, the signed-in admin may give write on it. */
export type LinkVendor = Awaited<ReturnType<typeof listUserVendors>>['data'][number];

const laravel = <Row>(answer: LaravelPage<Row>) => ({ rows: answer.data as readonly Row[], pager: pagerOf(answer) });

/** The user list: GET /users, its filters, sorts and page size in the address (docs/architecture.md, "The client side"). */
export const USERS_LIST = defineList({
  endpoint: '/users',
  filters: textFilters('search', 'vendorCode', 'role_id', 'active'),
  sortKeys: USER_SORT_KEYS,
  defaultPageSize: 25,
  read: laravel<UserRow>,
});

/** Vendor linking's choice of user: GET /users/linkable, the supplier users the admin may link. */
export const LINKABLE_USERS_LIST = defineList({
  endpoint: '/users/linkable',
  filters: textFilters('search'),
  sortKeys: USER_SORT_KEYS,
  defaultPageSize: 25,
  read: laravel<UserRow>,
});

/** One user's linked or unlinked vendors: GET /users/{id}/vendors/{which}. */
export const userVendorsList = (userId: number, which: 'linked' | 'unlinked') =>
  defineList({
    endpoint: `/users/${userId}/vendors/${which}`,
    filters: textFilters('code', 'name'),
    sortKeys: USER_VENDOR_SORT_KEYS,
    defaultPageSize: 25,
    read: laravel<LinkVendor>,
  });

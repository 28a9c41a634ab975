'use client';

import Link from 'next/link';
import type { FilterField } from '@/components/lists/filter-panel';
import { ListFrame } from '@/components/lists/list-frame';
import { SortableTable, type Column } from '@/components/lists/sortable-table';
import { useList } from '@/components/lists/use-list';
import { roleLabel } from '@/lib/vocabulary';
import { LINKABLE_USERS_LIST } from './user-lists';
import { vendorLinkingHref } from './users-view-tabs';
import type { UserRow, UsersPage } from './types';

const FILTERS: FilterField<'search'>[] = [{ name: 'search', label: 'Supplier user', kind: 'text' }];

const COLUMNS: Column<UserRow>[] = [
  { id: 'name', header: 'Name', cell: (u) => u.name, sortKey: 'name' },
  { id: 'email', header: 'E-mail', cell: (u) => u.email, sortKey: 'email' },
  { id: 'role', header: 'Role', cell: (u) => roleLabel(u.role.code), sortKey: 'role' },
  { id: 'vendors', header: 'Vendors', cell: (u) => u.vendors_count, className: 'num' },
  {
    id: 'link',
    header: <span className="visually-hidden">Actions</span>,
    label: 'Actions',
    cell: (u) => (
      <Link className="btn btn--sm" href={vendorLinkingHref(u.id)} aria-label={`Link vendors to ${u.name}`}>
        Link vendors
      </Link>
    ),
  },
];

/** Vendor linking without a user chosen: the active supplier users the admin may link vendors to, to choose one. */
export function LinkableUsers({ initial }: { initial?: UsersPage }) {
  const list = useList(LINKABLE_USERS_LIST, { initial });
  return (
    <ListFrame filtersLabel="Supplier user filters" filters={{ fields: FILTERS, ...list.filterPanel }} actions={null} {...list.frame}>
      <SortableTable
        columns={COLUMNS}
        rows={list.rows}
        getRowKey={(u) => u.id}
        caption="Supplier users to link vendors to: choose one"
        emptyMessage="No active supplier users match."
        card={{ title: 'name', fields: ['email', 'role', 'vendors', 'link'] }}
        {...list.table}
      />
    </ListFrame>
  );
}

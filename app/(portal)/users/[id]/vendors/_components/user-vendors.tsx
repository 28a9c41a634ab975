'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FilterField } from '@/components/lists/filter-panel';
import { ListFrame } from '@/components/lists/list-frame';
import { SortableTable, type Column, type RowKey } from '@/components/lists/sortable-table';
import { useList } from '@/components/lists/use-list';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useSnackbar } from '@/components/ui/snackbar';
import { api } from '@/lib/client/api';
import type { LaravelPage } from '@/lib/domain/paging';
import { userVendorsList, type LinkVendor } from '../../../_components/user-lists';
import { vendorLinkingHref } from '../../../_components/users-view-tabs';

export interface UserVendorsProps {
  user: { id: number; name: string; active: boolean };
  which: 'linked' | 'unlinked';
  /** The first page, for the address the view was loaded with. */
  initial?: LaravelPage<LinkVendor>;
}

const ACTIVE_STATE_NOT_CHANGED = 'Active state was not changed';
const FILTERS: FilterField<'code' | 'name'>[] = [
  { name: 'code', label: 'Code', kind: 'text' },
  { name: 'name', label: 'Name', kind: 'text' },
];

/**
 * The vendor-linking view of the users screen for one user (/users?view=linking&user={id}).
 * Links and unlinks vendors for one user: one at a time from its row, or in bulk (the ticked rows, or
 * every vendor listed when none is ticked) after the spec's confirmation; the server does all or none.
 * A link reads only unless "with write access" is ticked, which only vendors the admin writes for
 * itself allow (issue 29; the server refuses the rest).
 */
export function UserVendors({ user, which, initial }: UserVendorsProps) {
  const [spec] = useState(() => userVendorsList(user.id, which));
  const list = useList(spec, { initial });
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const { confirm, dialog } = useConfirm();
  const [ticked, setTicked] = useState<ReadonlySet<RowKey>>(new Set());
  const [write, setWrite] = useState(false);
  const path = `/users/${user.id}/vendors`;
  const verb = which === 'unlinked' ? 'link' : 'unlink';

  async function apply(vendors: readonly LinkVendor[]) {
    const ids = vendors.map((v) => v.id).join(',');
    try {
      const result =
        verb === 'link'
          ? await api.post<{ message: string }>(`${path}/${ids}/link`, { write })
          : await api.del<{ message: string }>(`${path}/${ids}/unlink`);
      snackbar.show(result.message, 'success');
      setTicked(new Set());
      // Both of the user's lists changed: a vendor moved from one to the other.
      void client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(`${path}/`) });
    } catch (e) {
      snackbar.show(e instanceof Error && e.message ? e.message : ACTIVE_STATE_NOT_CHANGED, 'error');
    }
  }

  /** Unlinking takes the user's access to a vendor away: one row's button asks first, as the bulk one does. */
  async function unlinkOne(v: LinkVendor) {
    const text = `${user.name} will no longer see the documents of ${v.code} ${v.name}.`;
    if (await confirm({ title: `Unlink ${v.code}?`, text, confirmLabel: 'Unlink', tone: 'danger' })) await apply([v]);
  }

  async function bulk() {
    const chosen = ticked.size ? list.rows.filter((v) => ticked.has(v.id)) : list.rows;
    const yes = await confirm({
      title: 'Are you sure?',
      text: (
        <>
          {`Are you sure you want to ${verb} ${user.name} ${verb === 'link' ? 'to' : 'from'} all vendors listed below?`}
          <ul>
            {chosen.map((v) => (
              <li key={v.id}>
                {v.code} {v.name}
              </li>
            ))}
          </ul>
        </>
      ),
    });
    if (yes) await apply(chosen);
  }

  const toggle = (id: RowKey) =>
    setTicked((t) => {
      const next = new Set(t);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () => setTicked((t) => (list.rows.every((v) => t.has(v.id)) ? new Set() : new Set(list.rows.map((v) => v.id))));

  const columns: Column<LinkVendor>[] = [
    { id: 'code', header: 'Code', cell: (v) => v.code, sortKey: 'code' },
    { id: 'name', header: 'Name', cell: (v) => v.name, sortKey: 'name' },
    {
      id: 'access',
      header: verb === 'link' ? 'You may give' : 'Access',
      cell: (v) => ((verb === 'link' ? v.writable : v.write) ? 'read and write' : 'read only'),
    },
    {
      id: 'act',
      header: <span className="visually-hidden">Actions</span>,
      label: 'Actions',
      cell: (v) => (
        <button
          type="button"
          className="btn btn--sm"
          aria-label={`${verb === 'link' ? 'Link' : 'Unlink'} ${v.code}`}
          disabled={!user.active || (verb === 'link' && write && !v.writable)}
          onClick={() => void (verb === 'link' ? apply([v]) : unlinkOne(v))}
        >
          {verb === 'link' ? 'Link' : 'Unlink'}
        </button>
      ),
    },
  ];

  return (
    <>
      <div className="toolbar">
        <h2 className="users-linking__title">Vendors of {user.name}</h2>
        <span className="toolbar__spacer" />
        <Link className="btn btn--secondary" href={vendorLinkingHref()}>
          Choose another user
        </Link>
      </div>
      <nav className="tabs" aria-label="Linked or unlinked vendors">
        <Link href={vendorLinkingHref(user.id, 'unlinked')} aria-current={which === 'unlinked' ? 'page' : undefined} className="tabs__tab">
          Unlinked vendors
        </Link>
        <Link href={vendorLinkingHref(user.id, 'linked')} aria-current={which === 'linked' ? 'page' : undefined} className="tabs__tab">
          Linked vendors
        </Link>
      </nav>
      <ListFrame
        filtersLabel="Vendor filters"
        filters={{ fields: FILTERS, ...list.filterPanel }}
        actions={
          <>
            {verb === 'link' ? (
              <label className="check">
                <input type="checkbox" checked={write} onChange={(e) => setWrite(e.target.checked)} /> With write access (answer orders,
                invoice)
              </label>
            ) : null}
            <button type="button" className="btn" disabled={!user.active || !list.rows.length} onClick={() => void bulk()}>
              {verb === 'link' ? 'Link' : 'Unlink'} {ticked.size ? 'selected' : 'all listed'}
            </button>
          </>
        }
        {...list.frame}
      >
        <SortableTable
          columns={columns}
          rows={list.rows}
          getRowKey={(v) => v.id}
          selectedIds={ticked}
          onToggle={toggle}
          onToggleAll={toggleAll}
          rowLabel={(v) => v.code}
          emptyMessage="No vendors."
          card={{ title: 'name', fields: ['code', 'access', 'act'] }}
          {...list.table}
        />
      </ListFrame>
      {dialog}
    </>
  );
}

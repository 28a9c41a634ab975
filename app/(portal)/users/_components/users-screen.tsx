'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { FilterField } from '@/components/lists/filter-panel';
import { ListFrame } from '@/components/lists/list-frame';
import { ListPageHeader } from '@/components/lists/list-page-header';
import { SortableTable, type Column } from '@/components/lists/sortable-table';
import { useFiltersToggle } from '@/components/lists/use-filters-toggle';
import { useList } from '@/components/lists/use-list';
import { DateText } from '@/components/ui/date-text';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useSnackbar } from '@/components/ui/snackbar';
import { useOops } from '@/components/ui/use-oops';
import { api } from '@/lib/client/api';
import { saveBlob } from '@/lib/client/download';
import { LinkedVendorsModal } from '@/components/users/linked-vendors-modal';
import { withReason } from '@/lib/domain/failure-texts';
import { roleLabel } from '@/lib/vocabulary';
import { UserModal } from './user-modal';
import { UserRowActions } from './user-row-actions';
import { USERS_LIST } from './user-lists';
import { vendorLinkingHref } from './users-view-tabs';
import { isVendorRole, type Me, type Role, type UserRow, type UsersPage, type WritableSubsidiaries } from './types';

export interface UsersScreenProps {
  me: Me;
  /** The list ⇄ vendor-linking toggle, for those who may link. */
  tabs: ReactNode;
  /** The first page, for the address the screen was loaded with (none when the API refuses its filters). */
  initial?: UsersPage;
  roles: Role[];
  writable: WritableSubsidiaries;
}

const ACTIVE_STATE_NOT_CHANGED = 'Active state was not changed';

const filterFields = (roles: Role[]): FilterField<keyof typeof USERS_LIST.filters>[] => [
  { name: 'search', label: 'Search', kind: 'text' },
  { name: 'vendorCode', label: 'Vendor code', kind: 'text' },
  { name: 'role_id', label: 'Role', kind: 'select', options: roles.map((r) => ({ value: String(r.id), label: roleLabel(r.code) })) },
  // The server lists active users unless told otherwise, so the empty choice says so.
  { name: 'active', label: 'Status', kind: 'select', emptyLabel: 'Active', options: [{ value: 'false', label: 'Inactive' }] },
];

const accessOf = (u: UserRow) =>
  isVendorRole(u.role.code)
    ? `${u.vendors_count} ${u.vendors_count === 1 ? 'vendor' : 'vendors'}`
    : u.customers.map((c) => `${c.name}${c.write ? ' (write)' : ''}`).join(', ');

function columns(actions: (u: UserRow) => ReactNode): Column<UserRow>[] {
  return [
    { id: 'name', header: 'Name', cell: (u) => u.name, sortKey: 'name' },
    {
      id: 'email',
      header: 'E-mail',
      sortKey: 'email',
      cell: (u) => (
        <>
          {u.email}
          {u.pending_email ? <div className="muted">{`${u.pending_email} waits for confirmation`}</div> : null}
        </>
      ),
    },
    { id: 'role', header: 'Role', cell: (u) => roleLabel(u.role.code), sortKey: 'role' },
    { id: 'access', header: 'Access', cell: accessOf },
    {
      id: 'last_login',
      header: 'Last sign-in',
      cell: (u) => (u.last_login ? <DateText value={u.last_login} format="datetime" /> : 'never'),
      sortKey: 'last_login',
    },
    { id: 'actions', header: 'Actions', cell: actions, className: 'table__actions' },
  ];
}

/** The user list (spec §2): filters, sort and page in the address, invite and edit in a modal, each row's acts. */
export function UsersScreen({ me, tabs, initial, roles, writable }: UsersScreenProps) {
  const router = useRouter();
  const list = useList(USERS_LIST, { initial });
  const filters = useFiltersToggle();
  const snackbar = useSnackbar();
  const { oops, dialog } = useOops();
  const { confirm, dialog: question } = useConfirm();
  const [editing, setEditing] = useState<UserRow | null | 'new'>(null);
  const [showingVendors, setShowingVendors] = useState<UserRow | null>(null);
  // The button that opened a dialog gets focus back when it closes: Radix returns it only to a Dialog.Trigger.
  const opener = useRef<HTMLElement | null>(null);
  const openedBy = (event: MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
  };
  const returnFocus = () => opener.current;
  const active = list.filters.active !== 'false' && list.filters.active !== '0';

  /** `failure`: the spec's text for this action's failure (§8), else the server's words or 'Active state was not changed'. */
  async function act(call: () => Promise<{ message: string }>, failure?: string) {
    try {
      snackbar.show((await call()).message, 'success');
      list.refresh();
    } catch (e) {
      const reason = e instanceof Error && e.message ? e.message : null;
      snackbar.show(failure ? withReason(failure, reason) : (reason ?? ACTIVE_STATE_NOT_CHANGED), 'error');
    }
  }

  async function downloadCustomerReport() {
    try {
      saveBlob(await api.blob('/users/customerreport'), 'customer_report.xlsx');
    } catch {
      snackbar.show('The customer report could not be made.', 'error');
    }
  }

  const actions = (u: UserRow) => (
    <UserRowActions
      user={u}
      me={me}
      active={active}
      act={act}
      confirm={confirm}
      onEdit={(e) => (openedBy(e), setEditing(u))}
      onVendors={(e) => (openedBy(e), setShowingVendors(u))}
    />
  );

  return (
    <section className="admin-list">
      <ListPageHeader title="Users" filters={filters}>
        <button type="button" className="btn btn--primary" onClick={(e) => (openedBy(e), setEditing('new'))}>
          Invite user
        </button>
        {me.reports ? (
          <>
            <button type="button" className="btn" onClick={() => act(() => api.get('/users/vendorreport'))}>
              Vendor report
            </button>
            <button type="button" className="btn" onClick={downloadCustomerReport}>
              Customer report
            </button>
          </>
        ) : null}
      </ListPageHeader>
      {tabs}
      <ListFrame
        filtersLabel="User filters"
        filters={filters.open ? { fields: filterFields(roles), autoCollapse: filters.auto, ...list.filterPanel } : null}
        actions={null}
        {...list.frame}
      >
        <SortableTable
          columns={columns(actions)}
          rows={list.rows}
          getRowKey={(u) => u.id}
          emptyMessage="No users match these filters."
          card={{ title: 'name', fields: ['email', 'role', 'access', 'last_login', 'actions'] }}
          {...list.table}
        />
      </ListFrame>
      {editing ? (
        <UserModal
          user={editing === 'new' ? null : editing}
          roles={roles}
          writable={writable}
          returnFocus={returnFocus}
          onClose={() => setEditing(null)}
          onOops={(message) => oops(message)}
          onSaved={(message, id, linkNext) => {
            setEditing(null);
            snackbar.show(message, 'success');
            if (linkNext) router.push(vendorLinkingHref(id));
            else list.refresh();
          }}
        />
      ) : null}
      {showingVendors ? (
        <LinkedVendorsModal user={showingVendors} returnFocus={returnFocus} onClose={() => setShowingVendors(null)} />
      ) : null}
      {dialog}
      {question}
    </section>
  );
}

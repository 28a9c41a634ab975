'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { PageTable } from '@/components/lists/page-table';
import { QueryFilterForm } from '@/components/lists/query-filter-form';
import { DateText } from '@/components/ui/date-text';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useSnackbar } from '@/components/ui/snackbar';
import { useOops } from '@/components/ui/use-oops';
import { api } from '@/lib/client/api';
import { saveBlob } from '@/lib/client/download';
import { LinkedVendorsModal } from '@/components/users/linked-vendors-modal';
import { UserModal } from './user-modal';
import { userNotRestored, withReason } from '@/lib/domain/failure-texts';
import { vendorLinkingHref } from './users-view-tabs';
import { isVendorRole, type Customer, type Me, type Role, type UserRow, type UsersPage } from './types';
import { roleLabel } from '@/lib/vocabulary';

export interface UsersScreenProps {
  me: Me;
  /** The list ⇄ vendor-linking toggle, for those who may link. */
  tabs: ReactNode;
  params: Record<string, string | undefined>;
  page: UsersPage;
  roles: Role[];
  customers: Customer[];
}

const ACTIVE_STATE_NOT_CHANGED = 'Active state was not changed';

/**
 * The user list (spec §2): filters in the query string (a GET form), invite and edit in a modal, and
 * per row only the buttons spec §6 allows: edit, link and deactivate for active users other than
 * oneself (link only for supplier roles), activate and restore for inactive ones, resend while the
 * user has never signed in (portal admin or inviter).
 */
export function UsersScreen({ me, tabs, params, page, roles, customers }: UsersScreenProps) {
  const router = useRouter();
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
  const active = (params.active ?? 'true') === 'true';

  /** `failure`: the spec's text for this action's failure (§8), else the server's words or 'Active state was not changed'. */
  async function act(call: () => Promise<{ message: string }>, failure?: string) {
    try {
      snackbar.show((await call()).message, 'success');
      router.refresh();
    } catch (e) {
      const reason = e instanceof Error && e.message ? e.message : null;
      snackbar.show(failure ? withReason(failure, reason) : (reason ?? ACTIVE_STATE_NOT_CHANGED), 'error');
    }
  }

  const activate = (u: UserRow) =>
    act(() =>
      api.put(`/users/${u.id}`, {
        name: u.name,
        email: u.email,
        role_id: u.role_id,
        deleted_at: null,
        customers: u.customers.map((c) => ({ customer_id: c.customer_id, read: c.read, write: c.write })),
      }),
    );

  /** One click must not end someone's access: it asks first, 'no' being the default answer (docs/architecture.md "Accessibility"). */
  async function deactivate(u: UserRow) {
    const yes = await confirm({
      title: `Deactivate ${u.name}?`,
      text: 'They can no longer sign in until restored.',
      confirmLabel: 'Deactivate',
      tone: 'danger',
    });
    if (yes) await act(() => api.del(`/users/${u.id}`));
  }

  function actionsOf(u: UserRow) {
    const self = u.id === me.id;
    const canResend = !u.deleted_at && !u.last_login && (me.resendsAny || u.parent_user_id === me.id);
    return (
      <>
        {active && !self ? (
          <>
            <button type="button" className="btn btn--sm" onClick={(e) => (openedBy(e), setEditing(u))}>
              Edit
            </button>
            {isVendorRole(u.role.code) ? (
              <Link className="btn btn--sm" href={vendorLinkingHref(u.id)}>
                Link vendors
              </Link>
            ) : null}
            <button type="button" className="btn btn--sm btn--danger" onClick={() => void deactivate(u)}>
              Deactivate
            </button>
          </>
        ) : null}
        {!active && !self ? (
          <>
            <button type="button" className="btn btn--sm" onClick={() => activate(u)}>
              Activate
            </button>
            <button
              type="button"
              className="btn btn--sm"
              onClick={() => act(() => api.post(`/users/restore/${u.id}`), userNotRestored(u.name))}
            >
              Restore
            </button>
          </>
        ) : null}
        {isVendorRole(u.role.code) ? (
          <button type="button" className="btn btn--sm btn--ghost" onClick={(e) => (openedBy(e), setShowingVendors(u))}>
            Vendors
          </button>
        ) : null}
        {canResend ? (
          <button type="button" className="btn btn--sm btn--ghost" onClick={() => act(() => api.post(`/users/${u.id}/send-invitation`))}>
            Resend invitation
          </button>
        ) : null}
      </>
    );
  }

  async function downloadCustomerReport() {
    try {
      saveBlob(await api.blob('/users/customerreport'), 'customer_report.xlsx');
    } catch {
      snackbar.show('The customer report could not be made.', 'error');
    }
  }

  return (
    <section>
      <header className="page__header toolbar">
        <h1 className="page__title">Users</h1>
        <span className="toolbar__spacer" />
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
      </header>
      {tabs}
      <QueryFilterForm
        action="/users"
        label="User filters"
        params={params}
        text={[
          ['search', 'Search'],
          ['vendorCode', 'Vendor code'],
        ]}
      >
        <label className="field">
          <span className="field__label">Role</span>
          <select className="select" name="role_id" defaultValue={params.role_id ?? ''}>
            <option value="">All</option>
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {roleLabel(r.code)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Status</span>
          <select className="select" name="active" defaultValue={active ? 'true' : 'false'}>
            <option value="true">Active</option>
            <option value="false">Inactive</option>
          </select>
        </label>
      </QueryFilterForm>
      <PageTable
        caption={`${page.total} users`}
        headers={['Name', 'E-mail', 'Role', 'Access', 'Last sign-in', 'Actions']}
        emptyText="No users match these filters."
        page={page}
        path="/users"
        params={params}
        rows={page.data.map((u) => (
          <tr key={u.id}>
            <td>{u.name}</td>
            <td>
              {u.email}
              {u.pending_email ? <div className="muted">{`${u.pending_email} waits for confirmation`}</div> : null}
            </td>
            <td>{roleLabel(u.role.code)}</td>
            <td>
              {isVendorRole(u.role.code)
                ? `${u.vendors_count} ${u.vendors_count === 1 ? 'vendor' : 'vendors'}`
                : u.customers.map((c) => `${c.name}${c.write ? ' (write)' : ''}`).join(', ')}
            </td>
            <td>{u.last_login ? <DateText value={u.last_login} format="datetime" /> : 'never'}</td>
            <td>
              <div className="row-actions">{actionsOf(u)}</div>
            </td>
          </tr>
        ))}
      />
      {editing ? (
        <UserModal
          user={editing === 'new' ? null : editing}
          roles={roles}
          customers={customers}
          returnFocus={returnFocus}
          onClose={() => setEditing(null)}
          onOops={(message) => oops(message)}
          onSaved={(message, id, linkNext) => {
            setEditing(null);
            snackbar.show(message, 'success');
            if (linkNext) router.push(vendorLinkingHref(id));
            else router.refresh();
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

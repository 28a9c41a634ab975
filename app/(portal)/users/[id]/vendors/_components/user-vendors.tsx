'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { PageTable } from '@/components/lists/page-table';
import { QueryFilterForm } from '@/components/lists/query-filter-form';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useSnackbar } from '@/components/ui/snackbar';
import { api } from '@/lib/client/api';
import { vendorLinkingHref } from '../../../_components/users-view-tabs';

/** `write`: the link grants write (linked list); `writable`: the signed-in admin may give write on it. */
type Vendor = { id: number; code: string; name: string; write: boolean; writable: boolean };
type Page = { data: Vendor[]; per_page: number; current_page: number; last_page: number; total: number };

export interface UserVendorsProps {
  user: { id: number; name: string; active: boolean };
  which: 'linked' | 'unlinked';
  params: Record<string, string | undefined>;
  page: Page;
}

const ACTIVE_STATE_NOT_CHANGED = 'Active state was not changed';

/**
 * The vendor-linking view of the users screen for one user (/users?view=linking&user={id}).
 * Links and unlinks vendors for one user: one at a time from its row, or in bulk (the ticked rows, or
 * every vendor listed when none is ticked) after the spec's confirmation; the server does all or none.
 * A link reads only unless "with write access" is ticked, which only vendors the admin writes for
 * itself allow (issue 29; the server refuses the rest).
 */
export function UserVendors({ user, which, params, page }: UserVendorsProps) {
  const router = useRouter();
  const snackbar = useSnackbar();
  const { confirm, dialog } = useConfirm();
  const [ticked, setTicked] = useState<number[]>([]);
  const [write, setWrite] = useState(false);
  const path = `/users/${user.id}/vendors`;
  const listPath = '/users';
  const listParams = { ...params, view: 'linking', user: String(user.id) };
  const verb = which === 'unlinked' ? 'link' : 'unlink';

  async function apply(vendors: Vendor[]) {
    const ids = vendors.map((v) => v.id).join(',');
    try {
      const result =
        verb === 'link'
          ? await api.post<{ message: string }>(`${path}/${ids}/link`, { write })
          : await api.del<{ message: string }>(`${path}/${ids}/unlink`);
      snackbar.show(result.message, 'success');
      setTicked([]);
      router.refresh();
    } catch (e) {
      snackbar.show(e instanceof Error && e.message ? e.message : ACTIVE_STATE_NOT_CHANGED, 'error');
    }
  }

  /** Unlinking takes the user's access to a vendor away: one row's button asks first, as the bulk one does. */
  async function unlinkOne(v: Vendor) {
    const text = `${user.name} will no longer see the documents of ${v.code} ${v.name}.`;
    if (await confirm({ title: `Unlink ${v.code}?`, text, confirmLabel: 'Unlink', tone: 'danger' })) await apply([v]);
  }

  async function bulk() {
    const chosen = ticked.length ? page.data.filter((v) => ticked.includes(v.id)) : page.data;
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

  const toggle = (id: number) => setTicked((t) => (t.includes(id) ? t.filter((x) => x !== id) : [...t, id]));

  return (
    <>
      <div className="toolbar">
        <h2 className="users-linking__title">Vendors of {user.name}</h2>
        <span className="toolbar__spacer" />
        <Link className="btn btn--ghost" href={vendorLinkingHref()}>
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
      <QueryFilterForm
        action={listPath}
        label="Vendor filters"
        params={params}
        text={[
          ['code', 'Code'],
          ['name', 'Name'],
        ]}
      >
        <input type="hidden" name="view" value="linking" />
        <input type="hidden" name="user" value={user.id} />
        <input type="hidden" name="which" value={which} />
      </QueryFilterForm>
      <div className="list-toolbar toolbar">
        {verb === 'link' ? (
          <label className="check">
            <input type="checkbox" checked={write} onChange={(e) => setWrite(e.target.checked)} /> With write access (answer orders,
            invoice)
          </label>
        ) : null}
        <button type="button" className="btn" disabled={!user.active || !page.data.length} onClick={bulk}>
          {verb === 'link' ? 'Link' : 'Unlink'} {ticked.length ? 'selected' : 'all listed'}
        </button>
      </div>
      <PageTable
        caption={`${page.total} ${which} vendors`}
        headers={['Select', 'Code', 'Name', verb === 'link' ? 'You may give' : 'Access', '']}
        emptyText="No vendors."
        page={page}
        path={listPath}
        params={listParams}
        rows={page.data.map((v) => (
          <tr key={v.id}>
            <td className="table__select">
              <input type="checkbox" aria-label={`Select ${v.code}`} checked={ticked.includes(v.id)} onChange={() => toggle(v.id)} />
            </td>
            <td>{v.code}</td>
            <td>{v.name}</td>
            <td>{(verb === 'link' ? v.writable : v.write) ? 'read and write' : 'read only'}</td>
            <td>
              <button
                type="button"
                className="btn btn--sm"
                disabled={!user.active || (verb === 'link' && write && !v.writable)}
                onClick={() => void (verb === 'link' ? apply([v]) : unlinkOne(v))}
              >
                {verb === 'link' ? 'Link' : 'Unlink'}
              </button>
            </td>
          </tr>
        ))}
      />
      {dialog}
    </>
  );
}

'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Pagination } from '@/components/lists/pagination';
import { hrefWithPage, pagerOfPage } from '@/components/lists/laravel-pager';
import { useSnackbar } from '@/components/ui/snackbar';
import { SUBMIT_FAILED, SUBMITTED, VendorModal, type ManagedVendor } from './vendor-modal';

type Page = { data: ManagedVendor[]; per_page: number; current_page: number; last_page: number; total: number };

const STATUS_LABEL: Record<ManagedVendor['certificate_status'], string> = {
  none: 'No certificate date',
  valid: 'Valid',
  expiring: 'Expires within 30 days',
  expired: 'Expired',
};

/** Vendor management: the vendors the user manages with their certificate's state, and the edit dialog. */
export function VendorsScreen({ params, page }: { params: Record<string, string | undefined>; page: Page }) {
  const router = useRouter();
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState<ManagedVendor | null>(null);

  return (
    <section>
      <header className="page__header">
        <h1 className="page__title">Vendors</h1>
      </header>
      <form method="get" action="/vendors" className="card toolbar" aria-label="Vendor filters">
        <label className="field">
          <span className="field__label">Code</span>
          <input name="code" defaultValue={params.code ?? ''} />
        </label>
        <label className="field">
          <span className="field__label">Name</span>
          <input name="name" defaultValue={params.name ?? ''} />
        </label>
        <label className="field">
          <span className="field__label">Certificate</span>
          <select name="certificate" defaultValue={params.certificate ?? ''}>
            <option value="">All</option>
            <option value="expired">Expired</option>
            <option value="expiring">Expires within 30 days</option>
            <option value="valid">Valid</option>
            <option value="none">No certificate date</option>
          </select>
        </label>
        <button type="submit" className="btn btn--primary">
          Filter
        </button>
      </form>
      <div className="card table-wrap">
        <table className="table">
          <caption className="muted">{page.total} vendors</caption>
          <thead>
            <tr>
              <th>Code</th>
              <th>Name</th>
              <th>B-BBEE level</th>
              <th>Expiry</th>
              <th>Certificate</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {page.data.map((v) => (
              <tr key={v.id}>
                <td>{v.code}</td>
                <td>{v.name}</td>
                <td>{v.vendordata.bbbeeLevel ?? ''}</td>
                <td>{v.vendordata.bbbeeExpiry ?? ''}</td>
                <td>
                  <span
                    className={`badge${v.certificate_status === 'expired' ? ' badge--danger' : v.certificate_status === 'expiring' ? ' badge--warning' : ''}`}
                  >
                    {STATUS_LABEL[v.certificate_status]}
                  </span>
                  {v.pending_update ? <span className="badge"> change waiting for approval</span> : null}
                </td>
                <td>
                  <button type="button" className="btn btn--sm" disabled={v.pending_update} onClick={() => setEditing(v)}>
                    Edit
                  </button>
                </td>
              </tr>
            ))}
            {page.data.length ? null : (
              <tr className="table__empty">
                <td colSpan={6}>No vendors match these filters.</td>
              </tr>
            )}
          </tbody>
        </table>
        <Pagination resultPager={pagerOfPage(page)} hrefForPage={(n) => hrefWithPage('/vendors', params, n)} />
      </div>
      {editing ? (
        <VendorModal
          vendor={editing}
          onClose={() => setEditing(null)}
          onDone={(ok) => {
            snackbar.show(ok ? SUBMITTED : SUBMIT_FAILED, ok ? 'success' : 'error');
            if (ok) {
              setEditing(null);
              router.refresh();
            }
          }}
        />
      ) : null}
    </section>
  );
}

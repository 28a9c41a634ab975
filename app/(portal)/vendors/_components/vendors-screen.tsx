'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { PageTable } from '@/components/lists/page-table';
import { QueryFilterForm } from '@/components/lists/query-filter-form';
import { useSnackbar } from '@/components/ui/snackbar';
import { CERTIFICATE_LABEL } from '@/lib/domain/masterdata/vocabulary';
import { FileLink } from '@/components/files/file-link';
import './vendors.css';
import { SUBMIT_FAILED, SUBMITTED, VendorModal, type ManagedVendor } from './vendor-modal';
import { formatDateDashes } from '@/lib/format';
import { CERTIFICATE_STATUS_LABELS } from '@/lib/vocabulary';

/** Spec §8: what the screen says when the vendor list cannot be had. */
export const VENDOR_LIST_FAILED = 'Oops! failed to get vendor contact support';

type Page = { data: ManagedVendor[]; per_page: number; current_page: number; last_page: number; total: number };

const STATUS_LABEL: Record<ManagedVendor['certificate_status'], string> = CERTIFICATE_STATUS_LABELS;

/** Vendor management: the vendors the user manages with their certificate's state, and the edit dialog. */
export function VendorsScreen({
  params,
  page,
  problem,
}: {
  params: Record<string, string | undefined>;
  /** Null when the list could not be had: the screen says so (spec §8), with `problem`, why, when known. */
  page: Page | null;
  problem?: string;
}) {
  const router = useRouter();
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState<ManagedVendor | null>(null);

  return (
    <section>
      <header className="page__header">
        <h1 className="page__title">Vendors</h1>
      </header>
      <QueryFilterForm
        action="/vendors"
        label="Vendor filters"
        params={params}
        text={[
          ['code', 'Code'],
          ['name', 'Name'],
        ]}
      >
        <label className="field">
          <span className="field__label">Certificate</span>
          <select name="certificate" className="select" defaultValue={params.certificate ?? ''}>
            <option value="">All</option>
            {(['expired', 'expiring', 'valid', 'none'] as const).map((status) => (
              <option key={status} value={status}>
                {STATUS_LABEL[status]}
              </option>
            ))}
          </select>
        </label>
      </QueryFilterForm>
      {page ? (
        <div className="vendors-list">
          <PageTable
            caption={`${page.total} vendors`}
            headers={['Code', 'Name', 'B-BBEE level', 'Expiry', 'Certificate', '']}
            emptyText="No vendors match these filters."
            page={page}
            path="/vendors"
            params={params}
            rows={page.data.map((v) => (
              <tr key={v.id}>
                <td data-label="Code">{v.code}</td>
                <td data-label="Name">{v.name}</td>
                <td data-label="B-BBEE level">{v.vendordata.bbbeeLevel ?? ''}</td>
                <td data-label="Expiry">{formatDateDashes(v.vendordata.bbbeeExpiry)}</td>
                <td data-label="Certificate">
                  <span
                    className={`badge${v.certificate_status === 'expired' ? ' badge--danger' : v.certificate_status === 'expiring' ? ' badge--warning' : ''}`}
                  >
                    {STATUS_LABEL[v.certificate_status]}
                  </span>
                  {v.pending_update ? <span className="badge"> change waiting for approval</span> : null}
                  {v.bbbee_file_id ? (
                    <FileLink
                      block
                      file={{ id: v.bbbee_file_id, name: v.bbbee_file_name ?? CERTIFICATE_LABEL }}
                      label={`${CERTIFICATE_LABEL} of ${v.code}: ${v.bbbee_file_name ?? 'file'}`}
                    />
                  ) : null}
                </td>
                <td>
                  <button type="button" className="btn btn--sm" disabled={v.pending_update} onClick={() => setEditing(v)}>
                    Edit
                  </button>
                </td>
              </tr>
            ))}
          />
        </div>
      ) : (
        <p className="field__error" role="alert">
          {VENDOR_LIST_FAILED}
          {problem ? `: ${problem}` : ''}
        </p>
      )}
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

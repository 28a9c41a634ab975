'use client';

import { useState } from 'react';
import type { FilterField } from '@/components/lists/filter-panel';
import { ListFrame } from '@/components/lists/list-frame';
import { ListPageHeader } from '@/components/lists/list-page-header';
import { SortableTable, type Column } from '@/components/lists/sortable-table';
import { useFiltersToggle } from '@/components/lists/use-filters-toggle';
import { useList } from '@/components/lists/use-list';
import { useSnackbar } from '@/components/ui/snackbar';
import { ApiRequestError } from '@/lib/client/api';
import { CERTIFICATE_LABEL } from '@/lib/domain/masterdata/vocabulary';
import { FileLink } from '@/components/files/file-link';
import { formatDateDashes } from '@/lib/format';
import { CERTIFICATE_STATUS_LABELS } from '@/lib/vocabulary';
import { SUBMIT_FAILED, SUBMITTED, VendorModal, type ManagedVendor, type ManagedVendorsAnswer } from './vendor-modal';
import { VENDORS_LIST } from './vendors-list';

/** Spec §8: what the screen says when the vendor list cannot be had. */
export const VENDOR_LIST_FAILED = 'Oops! failed to get vendor contact support';

const STATUS_LABEL: Record<ManagedVendor['certificate_status'], string> = CERTIFICATE_STATUS_LABELS;

const FILTERS: FilterField<keyof typeof VENDORS_LIST.filters>[] = [
  { name: 'code', label: 'Code', kind: 'text' },
  { name: 'name', label: 'Name', kind: 'text' },
  {
    name: 'certificate',
    label: 'Certificate',
    kind: 'select',
    options: (['expired', 'expiring', 'valid', 'none'] as const).map((value) => ({ value, label: STATUS_LABEL[value] })),
  },
];

const badgeClass = (status: ManagedVendor['certificate_status']) =>
  `badge${status === 'expired' ? ' badge--danger' : status === 'expiring' ? ' badge--warning' : ''}`;

function columns(edit: (vendor: ManagedVendor) => void): Column<ManagedVendor>[] {
  return [
    { id: 'code', header: 'Code', cell: (v) => v.code, sortKey: 'code' },
    { id: 'name', header: 'Name', cell: (v) => v.name, sortKey: 'name' },
    { id: 'level', header: 'B-BBEE level', cell: (v) => v.vendordata.bbbeeLevel ?? '' },
    { id: 'expiry', header: 'Expiry', cell: (v) => formatDateDashes(v.vendordata.bbbeeExpiry), sortKey: 'bbbee_expiry' },
    {
      id: 'certificate',
      header: 'Certificate',
      cell: (v) => (
        <>
          <span className={badgeClass(v.certificate_status)}>{STATUS_LABEL[v.certificate_status]}</span>
          {v.pending_update ? <span className="badge"> change waiting for approval</span> : null}
          {v.bbbee_file_id ? (
            <FileLink
              block
              file={{ id: v.bbbee_file_id, name: v.bbbee_file_name ?? CERTIFICATE_LABEL }}
              label={`${CERTIFICATE_LABEL} of ${v.code}: ${v.bbbee_file_name ?? 'file'}`}
            />
          ) : null}
        </>
      ),
    },
    {
      id: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      label: 'Actions',
      cell: (v) => (
        <button type="button" className="btn btn--sm" disabled={v.pending_update} onClick={() => edit(v)} aria-label={`Edit ${v.code}`}>
          Edit
        </button>
      ),
    },
  ];
}

/** Vendor management: the vendors the user manages with their certificate's state, and the edit dialog. */
export function VendorsScreen({ initial }: { initial?: ManagedVendorsAnswer }) {
  const list = useList(VENDORS_LIST, { initial });
  const filters = useFiltersToggle();
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState<ManagedVendor | null>(null);
  // A refused filter or a failed load says spec §8's words, with the server's reason when it gave one.
  const failed =
    list.status === 'error'
      ? `${VENDOR_LIST_FAILED}${list.error instanceof ApiRequestError && list.error.status === 422 ? `: ${list.error.message}` : ''}`
      : null;

  return (
    <section className="admin-list">
      <ListPageHeader title="Vendors" filters={filters} />
      <ListFrame
        filtersLabel="Vendor filters"
        filters={filters.open ? { fields: FILTERS, autoCollapse: filters.auto, ...list.filterPanel } : null}
        actions={
          failed ? (
            <p className="field__error" role="alert">
              {failed}
            </p>
          ) : null
        }
        {...list.frame}
      >
        <SortableTable
          columns={columns(setEditing)}
          rows={list.rows}
          getRowKey={(v) => v.id}
          emptyMessage="No vendors match these filters."
          card={{ title: 'name', fields: ['code', 'level', 'expiry', 'certificate', 'actions'] }}
          {...list.table}
        />
      </ListFrame>
      {editing ? (
        <VendorModal
          vendor={editing}
          onClose={() => setEditing(null)}
          onDone={(ok) => {
            snackbar.show(ok ? SUBMITTED : SUBMIT_FAILED, ok ? 'success' : 'error');
            if (ok) {
              setEditing(null);
              list.refresh();
            }
          }}
        />
      ) : null}
    </section>
  );
}

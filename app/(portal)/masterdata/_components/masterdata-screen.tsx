'use client';

import { useState } from 'react';
import { CommentsDialog } from '@/components/changes/comments-dialog';
import { VendorCell } from '@/components/changes/vendor-cell';
import type { FilterField } from '@/components/lists/filter-panel';
import { ListFrame } from '@/components/lists/list-frame';
import { ListPageHeader } from '@/components/lists/list-page-header';
import { useFiltersToggle } from '@/components/lists/use-filters-toggle';
import { SortableTable, type Column } from '@/components/lists/sortable-table';
import { useList } from '@/components/lists/use-list';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { useSnackbar } from '@/components/ui/snackbar';
import { api, ApiRequestError } from '@/lib/client/api';
import { formatDateTime } from '@/lib/format';
import { MASTERDATA_NOT_PERMITTED, OOPS_TITLE } from '@/lib/domain/failure-texts';
import type { HistoryRow } from '@/lib/domain/masterdata/queries';
import { EVENT_LABELS, eventLabel } from '@/lib/domain/masterdata/vocabulary';
import type { LaravelPage } from '@/lib/domain/paging';
import { changeStatusLabel } from '@/lib/vocabulary';
import { MASTERDATA_LIST } from './masterdata-list';
import { ReadableChangeTable } from './readable-change-table';
import { UploadRows } from './upload-rows';
import './masterdata.css';

const PROCESS_RUNNING = 'Please try again after few minutes, there is a background process in progress';
type FilterName = 'search' | 'event_type' | 'status';
const FILTERS: FilterField<FilterName>[] = [
  { name: 'search', label: 'Search', kind: 'text' },
  { name: 'event_type', label: 'Kind', kind: 'select', options: Object.entries(EVENT_LABELS).map(([value, label]) => ({ value, label })) },
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    options: ['processing', 'pending', 'approved', 'rejected', 'failed'].map((s) => ({ value: s, label: changeStatusLabel(s) })),
  },
];

const MASTERDATA_CARD = { title: 'process', fields: ['event', 'vendor', 'status', 'requested', 'reason', 'actions'] } as const;

/** Spec §4: the verify call's flag means "running" for true, 'true', 1 or '1'. */
export const isRunning = (flag: unknown) => flag === true || flag === 'true' || flag === 1 || flag === '1';

const keyOf = (row: HistoryRow) => ({ process_id: row.process_id, event_type: row.event_type, status: row.status });

/** What the record changes: a vendor's data field by field, or the rows an upload carries. */
function RecordDetail({ row }: { row: HistoryRow }) {
  if (row.fields) return <ReadableChangeTable fields={row.fields} caption="Vendor data before and after" />;
  return <UploadRows upload={row} />;
}

/** Master-data changes (spec §2): the records of uploads and vendor data edits, each approvable or rejectable. */
export function MasterdataScreen({ initial, canApprove }: { initial?: { histories: LaravelPage<HistoryRow> }; canApprove: boolean }) {
  const list = useList(MASTERDATA_LIST, { initial });
  const filters = useFiltersToggle();
  const [opened, setOpened] = useState<HistoryRow | null>(null);
  const [rejecting, setRejecting] = useState<HistoryRow | null>(null);
  const [busy, setBusy] = useState(false);
  const snackbar = useSnackbar();
  const { confirm, dialog } = useConfirm();
  const oops = (text: string) => confirm({ title: OOPS_TITLE, text, confirmLabel: 'OK', cancelLabel: null, tone: 'danger' });

  /** Approve and reject wait while a background file process runs (spec §4); a refusal shows 'Oops'. */
  async function act(call: () => Promise<{ message?: string }>) {
    setBusy(true);
    try {
      const verify = await api.get<{ success: unknown }>('/changes/verify/file');
      if (isRunning(verify.success)) {
        void oops(PROCESS_RUNNING);
        return;
      }
      const answer = await call();
      snackbar.show(answer.message ?? 'Done', 'success');
      setOpened(null);
      setRejecting(null);
    } catch (error) {
      const forbidden = error instanceof ApiRequestError && error.status === 403;
      void oops(forbidden ? MASTERDATA_NOT_PERMITTED : error instanceof ApiRequestError ? error.message : 'Something went wrong.');
    } finally {
      setBusy(false);
      list.refresh();
    }
  }
  /** One click beside Reject must not decide a whole upload: it asks first (docs/architecture.md "Accessibility"). */
  const approve = async (row: HistoryRow) => {
    if (await confirm({ title: `Approve ${row.process_id}?`, confirmLabel: 'Approve' }))
      await act(() => api.post('/changes/file/approve', keyOf(row)));
  };
  const reject = (reason: string) => rejecting && act(() => api.post('/changes/file/reject', { ...keyOf(rejecting), reason }));

  const actions = (row: HistoryRow) =>
    canApprove && row.status === 'pending' ? (
      <span className="row-actions">
        <button type="button" className="btn btn--primary btn--sm" disabled={busy} onClick={() => void approve(row)}>
          Approve
        </button>
        <button type="button" className="btn btn--danger btn--sm" disabled={busy} onClick={() => setRejecting(row)}>
          Reject
        </button>
      </span>
    ) : null;

  const columns: Column<HistoryRow>[] = [
    {
      id: 'process',
      header: 'Process',
      className: 'nowrap',
      cell: (r) => (
        <button type="button" className="link-button" onClick={() => setOpened(r)}>
          {r.process_id}
        </button>
      ),
    },
    { id: 'event', header: 'Kind', sortKey: 'event_type', className: 'nowrap', cell: (r) => eventLabel(r.event_type) },
    { id: 'vendor', header: 'Vendor', cell: (r) => <VendorCell vendor={r.vendor} /> },
    {
      id: 'pending',
      header: 'Pending changes',
      className: 'num',
      cell: (r) => (r.event_type === 'vendor.update' ? '—' : r.pending_changes),
    },
    { id: 'status', header: 'Status', cell: (r) => changeStatusLabel(r.status) },
    {
      id: 'requested',
      header: 'Requested',
      sortKey: 'created_at',
      cell: (r) => `${formatDateTime(r.created_at)}${r.requested_by ? ` by ${r.requested_by}` : ''}`,
    },
    { id: 'reason', header: 'Reason', cell: (r) => r.reason ?? '' },
    { id: 'actions', header: 'Actions', cell: actions },
  ];

  return (
    <section className="masterdata">
      <ListPageHeader title="Master-data changes" filters={filters} />
      <ListFrame
        filtersLabel="Master-data filters"
        filters={filters.open ? { fields: FILTERS, autoCollapse: filters.auto, ...list.filterPanel } : null}
        actions={null}
        {...list.frame}
      >
        <SortableTable
          columns={columns}
          rows={list.rows}
          getRowKey={(r) => r.id}
          // On a phone each record is a card with its Approve and Reject, not a table to scroll sideways for them.
          card={MASTERDATA_CARD}
          {...list.table}
          emptyMessage="No master-data changes found."
        />
      </ListFrame>
      <Modal
        open={opened !== null}
        onOpenChange={(open) => (open ? undefined : setOpened(null))}
        size="lg"
        title={opened ? `${eventLabel(opened.event_type)} ${opened.process_id}` : ''}
        footer={opened ? actions(opened) : null}
      >
        {opened ? <RecordDetail row={opened} /> : null}
      </Modal>
      <CommentsDialog
        key={rejecting?.id ?? 'closed'}
        open={rejecting !== null}
        title={rejecting ? `Reject ${rejecting.process_id}` : ''}
        label="Reason"
        requiredMessage="Please enter a reason"
        confirmLabel="Reject"
        busy={busy}
        onSubmit={(reason) => void reject(reason)}
        onClose={() => setRejecting(null)}
      />
      {dialog}
    </section>
  );
}

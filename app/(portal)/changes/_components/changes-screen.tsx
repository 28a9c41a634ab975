'use client';

import { useMemo, useState } from 'react';
import { CommentsDialog } from '@/components/changes/comments-dialog';
import { priceChangePercent } from '@/components/changes/values-side-by-side';
import type { FilterField, FilterValues } from '@/components/lists/filter-panel';
import { ListFrame } from '@/components/lists/list-frame';
import { SortableTable, type Column } from '@/components/lists/sortable-table';
import { usePagedList, type LaravelPage } from '@/components/lists/use-paged-list';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useSnackbar } from '@/components/ui/snackbar';
import { api, ApiRequestError } from '@/lib/client/api';
import { saveBlob } from '@/lib/client/download';
import { useRowSelection } from '@/lib/client/selection';
import { changeDecisionFailed, withReason } from '@/lib/domain/failure-texts';
import { changeStatusLabel } from '@/lib/vocabulary';
import { formatDateTime } from '@/lib/format';
import { ChangeDialog } from './change-dialog';
import { changeSummary, type ChangeKind, type ChangeRow } from './change-fields';

/** Spec §9: the change-management reset sets 25 rows per page. */
const RESET_PAGE_SIZE = 25;
const LIST_PATH: Record<ChangeKind, string> = { item: '/changes/item', pricing: '/changes/pricing/item' };
const TABS: { kind: ChangeKind; label: string }[] = [
  { kind: 'item', label: 'Item changes' },
  { kind: 'pricing', label: 'Pricing changes' },
];
type FilterName = 'search' | 'status';
const FILTERS: FilterField<FilterName>[] = [
  { name: 'search', label: 'Search', kind: 'text' },
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    options: ['pending', 'approved', 'rejected'].map((s) => ({ value: s, label: changeStatusLabel(s) })),
  },
];

type Rejecting = { kind: ChangeKind; ids: number[]; bulk: boolean };
type Answer = { message?: string; successful?: string };

const failureText = (fallback: string, error: unknown) =>
  withReason(fallback, error instanceof ApiRequestError && error.status !== 0 ? error.message : null);

function columnsFor(kind: ChangeKind, open: (row: ChangeRow) => void): Column<ChangeRow>[] {
  const priced: Column<ChangeRow>[] =
    kind === 'pricing'
      ? [
          { id: 'currentCost', header: 'Current cost', className: 'num', cell: (r) => String(r.current?.costPrice ?? '—') },
          { id: 'proposedCost', header: 'Proposed cost', className: 'num', cell: (r) => String(r.changeable.costPrice ?? '—') },
          {
            id: 'percent',
            header: 'Change',
            className: 'num',
            cell: (r) => priceChangePercent(r.current?.costPrice, r.changeable.costPrice) ?? '—',
          },
        ]
      : [{ id: 'summary', header: 'Proposed', cell: changeSummary }];
  return [
    {
      id: 'id',
      header: 'Change',
      cell: (r) => (
        <button type="button" className="link-button" onClick={() => open(r)}>
          {r.id}
        </button>
      ),
    },
    { id: 'vendor', header: 'Vendor', cell: (r) => `${r.vendor.code} ${r.vendor.name}` },
    { id: 'code', header: 'Catalogue code', cell: (r) => String(r.changeable.catalogueCode ?? '') },
    ...priced,
    {
      id: 'status',
      header: 'Status',
      cell: (r) => <span className={`badge badge--${STATUS_TONE[r.status] ?? 'accent'}`}>{changeStatusLabel(r.status)}</span>,
    },
    { id: 'requestedBy', header: 'Requested by', cell: (r) => r.requested_by?.name ?? '—' },
    { id: 'createdAt', header: 'Requested', cell: (r) => formatDateTime(r.created_at) },
  ];
}
const STATUS_TONE: Record<string, string> = { pending: 'warning', approved: 'success', rejected: 'danger' };

/** Change management (spec §2): item and pricing changes, each a paged list with detail, approve and reject. */
export function ChangesScreen({ initial, canApprove }: { initial: LaravelPage<ChangeRow>; canApprove: boolean }) {
  const [kind, setKind] = useState<ChangeKind>('item');
  const list = usePagedList<ChangeRow>(LIST_PATH.item, 'changes', { page: initial, filters: {} });
  // An upload's changes are decided with the upload under Master data, so they are not ticked here.
  const pageIds = useMemo(() => list.rows.filter((r) => !r.process_id).map((r) => r.id), [list.rows]);
  const selection = useRowSelection(pageIds);
  const [opened, setOpened] = useState<ChangeRow | null>(null);
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);
  const [busy, setBusy] = useState(false);
  const snackbar = useSnackbar();
  const { confirm, dialog: question } = useConfirm();
  const selected = pageIds.filter((id) => selection.selectedIds.has(id));

  /** After any action: the list reloads, the dialogs close and a bulk selection clears (spec §4). */
  async function act(call: () => Promise<Answer>, success: string, failure: string) {
    setBusy(true);
    try {
      const answer = await call();
      const failed = answer.successful === '[]';
      snackbar.show(answer.message ?? success, failed ? 'error' : 'success');
    } catch (error) {
      snackbar.show(failureText(failure, error), 'error');
    } finally {
      setBusy(false);
      setOpened(null);
      setRejecting(null);
      selection.clear();
      void load();
    }
  }

  /** Approving takes one click of a button beside Reject: it asks first (docs/architecture.md "Accessibility"). */
  const approveAfterAsking = async (count: number, decide: () => Promise<void>) => {
    const title = count === 1 ? 'Approve this change?' : `Approve ${count} changes?`;
    if (await confirm({ title, confirmLabel: 'Approve' })) await decide();
  };
  const approve = (change: ChangeRow) =>
    approveAfterAsking(1, () =>
      act(
        () => api.post(`/changes/${change.kind}/approve`, { changeID: change.id }),
        'Approved successfully',
        changeDecisionFailed('approve', 1),
      ),
    );
  const bulkApprove = () =>
    approveAfterAsking(selected.length, () =>
      act(
        () => api.post(`/changes/${kind}/bulkApproval`, { changeIDs: selected, reason: '' }),
        'Approved successfully',
        changeDecisionFailed('approve', selected.length),
      ),
    );
  function reject(reason: string) {
    if (!rejecting) return;
    const { kind: k, ids, bulk } = rejecting;
    if (bulk)
      void act(
        () => api.post(`/changes/${k}/bulkReject`, { changeIDs: ids, reason }),
        'Bulk Rejected successfully',
        changeDecisionFailed('reject', ids.length),
      );
    else
      void act(
        () => api.post(`/changes/${k}/reject`, { changeID: ids[0], reason }),
        'Rejected successfully',
        changeDecisionFailed('reject', 1),
      );
  }

  function switchTab(next: ChangeKind) {
    if (next === kind) return;
    setKind(next);
    selection.clear();
    void list.load({ path: LIST_PATH[next], page: 1, filters: list.filters });
  }
  // The path follows the tab for every later load (filters, pages).
  const load = (next: Parameters<typeof list.load>[0] = {}) => list.load({ path: LIST_PATH[kind], ...next });

  async function exportChanges() {
    try {
      saveBlob(await api.blob('/changes/export', { method: 'POST' }), 'changes_export.xlsx');
    } catch {
      snackbar.show('The export failed. Please try again.', 'error');
    }
  }

  return (
    <section className="changes">
      <header className="page__header">
        <h1 className="page__title">Change management</h1>
      </header>
      <div className="tabs" role="tablist" aria-label="Kind of change">
        {TABS.map((tab) => (
          <button
            key={tab.kind}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={tab.kind === kind}
            onClick={() => switchTab(tab.kind)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={TABS.find((t) => t.kind === kind)!.label}>
        <ListFrame
          filtersLabel="Change filters"
          filters={{
            fields: FILTERS,
            values: list.filters as FilterValues<FilterName>,
            lookups: {},
            onApply: (filters) => {
              selection.clear();
              void load({ filters, page: 1 });
            },
            onReset: () => {
              selection.clear();
              void load({ filters: {}, page: 1, pageLimit: RESET_PAGE_SIZE });
            },
          }}
          actions={
            <>
              {canApprove ? (
                <>
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    disabled={!selected.length || busy}
                    onClick={() => void bulkApprove()}
                  >
                    Approve selected{selected.length ? ` (${selected.length})` : ''}
                  </button>
                  <button
                    type="button"
                    className="btn btn--danger btn--sm"
                    disabled={!selected.length || busy}
                    onClick={() => setRejecting({ kind, ids: selected, bulk: true })}
                  >
                    Reject selected
                  </button>
                </>
              ) : null}
              <button type="button" className="btn btn--secondary btn--sm" onClick={() => void exportChanges()}>
                Export
              </button>
            </>
          }
          loading={list.loading}
          pageSize={list.page.per_page}
          onPageSizeChange={(size) => {
            selection.clear();
            void load({ page: 1, pageLimit: size });
          }}
          pager={list.pager}
          onPageChange={(page) => {
            selection.clear();
            void load({ page });
          }}
        >
          <SortableTable
            columns={columnsFor(kind, setOpened)}
            rows={list.rows}
            getRowKey={(r) => r.id}
            onRowClick={setOpened}
            rowFocusable={false}
            selectedIds={canApprove ? selection.selectedIds : undefined}
            onToggle={canApprove ? (id) => selection.onToggle(Number(id)) : undefined}
            onToggleAll={canApprove ? selection.onToggleAll : undefined}
            isRowSelectable={(r) => !r.process_id}
            rowLabel={(r) => `change ${r.id}`}
            status={list.status}
            onRetry={() => void load()}
            emptyMessage="No changes found."
          />
        </ListFrame>
      </div>
      <ChangeDialog
        change={opened}
        canApprove={canApprove}
        busy={busy}
        onApprove={(change) => void approve(change)}
        onReject={(change) => setRejecting({ kind: change.kind, ids: [change.id], bulk: false })}
        onClose={() => setOpened(null)}
      />
      <CommentsDialog
        key={rejecting ? rejecting.ids.join(',') : 'closed'}
        open={rejecting !== null}
        title={rejecting?.bulk ? `Reject ${rejecting.ids.length} changes` : 'Reject change'}
        label="Comments"
        requiredMessage="Please enter comments"
        confirmLabel="Reject"
        busy={busy}
        onSubmit={reject}
        onClose={() => setRejecting(null)}
      />
      {question}
    </section>
  );
}

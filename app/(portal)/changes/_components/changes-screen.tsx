'use client';

import { useEffect, useMemo } from 'react';
import { useQueryState } from 'nuqs';
import { CommentsDialog } from '@/components/changes/comments-dialog';
import type { FilterField } from '@/components/lists/filter-panel';
import { ListFrame } from '@/components/lists/list-frame';
import { ListPageHeader } from '@/components/lists/list-page-header';
import { useFiltersToggle } from '@/components/lists/use-filters-toggle';
import { SortableTable } from '@/components/lists/sortable-table';
import { useList } from '@/components/lists/use-list';
import { useRowSelection } from '@/lib/client/selection';
import type { LaravelPage } from '@/lib/domain/paging';
import { changeStatusLabel } from '@/lib/vocabulary';
import { CHANGE_CARD, changeColumns } from './change-columns';
import { ChangeDialog } from './change-dialog';
import type { ChangeKind, ChangeRow } from './change-fields';
import { ChangeTabs } from './change-tabs';
import { ChangeToolbar } from './change-toolbar';
import { CHANGE_LISTS, CHANGES_RESET_PAGE_SIZE, changeTabParser } from './changes-list';
import { useChangeDecisions } from './use-change-decisions';

const STATUSES = ['pending', 'approved', 'rejected'];
const FILTERS: FilterField<'search' | 'status'>[] = [
  { name: 'search', label: 'Search', kind: 'text' },
  { name: 'status', label: 'Status', kind: 'select', options: STATUSES.map((s) => ({ value: s, label: changeStatusLabel(s) })) },
];

export interface ChangesScreenProps {
  /** The first page of the tab the address names, as the server rendered it (absent when it could not). */
  initial?: { changes: LaravelPage<ChangeRow> };
  canApprove: boolean;
}

/** Change management (spec §2): item and pricing changes, each a list with detail, approve and reject. */
export function ChangesScreen({ initial, canApprove }: ChangesScreenProps) {
  const [kind, setKind] = useQueryState('tab', changeTabParser.withOptions({ history: 'push' }));
  const list = useList(CHANGE_LISTS[kind], { initial });
  const filters = useFiltersToggle();
  // An upload's changes are decided with the upload under Master data, so they are not ticked here.
  const pageIds = useMemo(() => list.rows.filter((r) => !r.process_id).map((r) => r.id), [list.rows]);
  const selection = useRowSelection(pageIds);
  const { clear } = selection;
  // A tick means "this row on this page": another page, filter, sort or tab starts with none.
  useEffect(() => clear(), [list.rows, clear]);
  const decisions = useChangeDecisions(list.refresh);
  const selected = pageIds.filter((id) => selection.selectedIds.has(id));

  return (
    <section className="changes">
      <ListPageHeader title="Change management" filters={filters} />
      <ChangeTabs
        kind={kind}
        onChange={(next: ChangeKind) => {
          void setKind(next === 'item' ? null : next);
          list.setPage(1);
        }}
      >
        <ListFrame
          filtersLabel="Change filters"
          filters={
            filters.open
              ? {
                  fields: FILTERS,
                  autoCollapse: filters.auto,
                  ...list.filterPanel,
                  // Spec §9: the change-management reset also sets 25 rows per page.
                  onReset: () => {
                    list.setFilters({});
                    list.setPageSize(CHANGES_RESET_PAGE_SIZE);
                  },
                }
              : null
          }
          actions={
            <ChangeToolbar
              canApprove={canApprove}
              selected={selected.length}
              busy={decisions.busy}
              onApprove={() => void decisions.approve({ kind, ids: selected, bulk: true })}
              onReject={() => decisions.setRejecting({ kind, ids: selected, bulk: true })}
            />
          }
          {...list.frame}
        >
          <SortableTable
            columns={changeColumns(kind, decisions.setOpened)}
            rows={list.rows}
            getRowKey={(r) => r.id}
            onRowClick={decisions.setOpened}
            rowFocusable={false}
            selectedIds={canApprove ? selection.selectedIds : undefined}
            onToggle={canApprove ? (id) => selection.onToggle(Number(id)) : undefined}
            onToggleAll={canApprove ? selection.onToggleAll : undefined}
            isRowSelectable={(r) => !r.process_id}
            rowLabel={(r) => `change ${r.id}`}
            card={CHANGE_CARD}
            emptyMessage="No changes found."
            {...list.table}
          />
        </ListFrame>
      </ChangeTabs>
      <ChangeDialog
        change={decisions.opened}
        canApprove={canApprove}
        busy={decisions.busy}
        onApprove={(change) => void decisions.approve({ kind: change.kind, ids: [change.id], bulk: false })}
        onReject={(change) => decisions.setRejecting({ kind: change.kind, ids: [change.id], bulk: false })}
        onClose={() => decisions.setOpened(null)}
      />
      <CommentsDialog
        key={decisions.rejecting ? decisions.rejecting.ids.join(',') : 'closed'}
        open={decisions.rejecting !== null}
        title={decisions.rejecting?.bulk ? `Reject ${decisions.rejecting.ids.length} changes` : 'Reject change'}
        label="Comments"
        requiredMessage="Please enter comments"
        confirmLabel="Reject"
        busy={decisions.busy}
        onSubmit={decisions.reject}
        onClose={() => decisions.setRejecting(null)}
      />
      {decisions.question}
    </section>
  );
}

'use client';

import { useState } from 'react';
import type { FilterField, FilterValues } from '@/components/lists/filter-panel';
import { ListFrame } from '@/components/lists/list-frame';
import { SortableTable, type Column } from '@/components/lists/sortable-table';
import { usePagedList, type LaravelPage } from '@/components/lists/use-paged-list';
import { formatDateTime } from '@/lib/format';
import type { AuditListEntry } from '@/lib/domain/audit/queries';

type AuditRow = AuditListEntry;

/** Spec §9: audit descriptions are cut to 300 characters plus an ellipsis in the short view. */
export const SHORT_DESCR = 300;
export const shortDescr = (descr: string) => (descr.length > SHORT_DESCR ? `${descr.slice(0, SHORT_DESCR)}…` : descr);

const KINDS = [
  ['xdoc', 'Document'],
  ['item_change', 'Item change'],
  ['pricing_change', 'Pricing change'],
  ['masterdata_change', 'Master-data change'],
  ['user', 'User'],
] as const;
type FilterName = 'owner' | 'action' | 'entity_type' | 'docno' | 'date_from' | 'date_to';
const FILTERS: FilterField<FilterName>[] = [
  { name: 'owner', label: 'Who', kind: 'text' },
  { name: 'action', label: 'Action', kind: 'text' },
  { name: 'entity_type', label: 'Concerning', kind: 'select', options: KINDS.map(([value, label]) => ({ value, label })) },
  { name: 'docno', label: 'Document number', kind: 'text' },
  { name: 'date_from', label: 'From date', kind: 'date' },
  { name: 'date_to', label: 'To date', kind: 'date' },
];
const KIND_LABEL: Record<string, string> = Object.fromEntries(KINDS);

const validate = (values: FilterValues<FilterName>) =>
  values.date_from && values.date_to && values.date_to < values.date_from ? { date_to: 'The to date is before the from date.' } : {};

const COLUMNS: Column<AuditRow>[] = [
  { id: 'time', header: 'When (SAST)', cell: (r) => formatDateTime(r.time), sortValue: (r) => formatDateTime(r.time), sortType: 'date' },
  { id: 'owner', header: 'Who', cell: (r) => r.owner.name, sortValue: (r) => r.owner.name, sortType: 'text' },
  { id: 'action', header: 'Action', cell: (r) => r.action },
  {
    id: 'what',
    header: 'Concerning',
    cell: (r) => (r.docno ? `Document ${r.docno}` : `${KIND_LABEL[r.entity_type] ?? r.entity_type}${r.entity_id ? ` ${r.entity_id}` : ''}`),
  },
  { id: 'descr', header: 'Description', cell: (r) => <span title={r.descr}>{shortDescr(r.descr)}</span> },
];

/** The audit screen (spec §2): audit entries across the portal; its show-filters flag starts true. */
export function AuditScreen({ initial }: { initial: LaravelPage<AuditRow> }) {
  const list = usePagedList<AuditRow>('/audit/entries', 'entries', { page: initial, filters: {} });
  const [showFilters, setShowFilters] = useState(true);
  return (
    <section className="audit">
      <header className="page__header">
        <h1 className="page__title">Audit</h1>
        <div className="toolbar">
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            aria-expanded={showFilters}
            onClick={() => setShowFilters((s) => !s)}
          >
            {showFilters ? 'Hide filters' : 'Show filters'}
          </button>
        </div>
      </header>
      <ListFrame
        filtersLabel="Audit filters"
        filters={showFilters ? { fields: FILTERS, validate, ...list.filterPanel } : null}
        actions={null}
        {...list.frame}
      >
        <SortableTable
          columns={COLUMNS}
          rows={list.rows}
          getRowKey={(r) => r.id}
          status={list.status}
          onRetry={() => void list.load()}
          emptyMessage="No audit entries found."
        />
      </ListFrame>
    </section>
  );
}

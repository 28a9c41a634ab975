'use client';

import type { FilterField, FilterValues } from '@/components/lists/filter-panel';
import { ListFrame } from '@/components/lists/list-frame';
import { SortableTable, type Column } from '@/components/lists/sortable-table';
import { ListPageHeader } from '@/components/lists/list-page-header';
import { useFiltersToggle } from '@/components/lists/use-filters-toggle';
import { useList } from '@/components/lists/use-list';
import { formatDateTime } from '@/lib/format';
import type { AuditEntries, AuditListEntry } from '@/lib/domain/audit/schemas';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, auditActionLabel, sentenceCase } from '@/lib/vocabulary';
import { AUDIT_LIST } from './audit-list';

/** Spec §9: audit descriptions are cut to 300 characters plus an ellipsis in the short view. */
export const SHORT_DESCR = 300;
export const shortDescr = (descr: string) => (descr.length > SHORT_DESCR ? `${descr.slice(0, SHORT_DESCR)}…` : descr);

const KINDS = ['xdoc', 'item_change', 'pricing_change', 'masterdata_change', 'user', 'vendor', 'integration'] as const;
const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));
type FilterName = keyof typeof AUDIT_LIST.filters;
const FILTERS: FilterField<FilterName>[] = [
  { name: 'owner', label: 'Who', kind: 'text' },
  { name: 'action', label: 'Action', kind: 'select', options: ACTION_OPTIONS },
  {
    name: 'entity_type',
    label: 'Concerning',
    kind: 'select',
    options: KINDS.map((value) => ({ value, label: AUDIT_ENTITY_LABELS[value] })),
  },
  { name: 'docno', label: 'Document number', kind: 'text' },
  { name: 'date_from', label: 'From date', kind: 'date' },
  { name: 'date_to', label: 'To date', kind: 'date' },
];

const validate = (values: FilterValues<FilterName>) =>
  values.date_from && values.date_to && values.date_to < values.date_from ? { date_to: 'The to date is before the from date.' } : {};

const COLUMNS: Column<AuditListEntry>[] = [
  { id: 'time', header: 'When (SAST)', cell: (r) => formatDateTime(r.time), sortKey: 'time' },
  { id: 'owner', header: 'Who', cell: (r) => r.owner.name, sortKey: 'owner' },
  { id: 'action', header: 'Action', cell: (r) => auditActionLabel(r.action), sortKey: 'action' },
  {
    id: 'what',
    header: 'Concerning',
    cell: (r) =>
      r.docno
        ? `Document ${r.docno}`
        : `${AUDIT_ENTITY_LABELS[r.entity_type] ?? sentenceCase(r.entity_type)}${r.entity_id ? ` ${r.entity_id}` : ''}`,
  },
  { id: 'descr', header: 'Description', cell: (r) => <span title={r.descr}>{shortDescr(r.descr)}</span> },
];

/** At phone width each entry is a card headed by its time. */
const CARD = { title: 'time', fields: ['owner', 'action', 'what', 'descr'] };

/** The audit screen (spec §2): audit entries across the portal, sorted and paged by the server. */
export function AuditScreen({ initial }: { initial?: AuditEntries }) {
  const list = useList(AUDIT_LIST, { initial });
  const filters = useFiltersToggle();
  return (
    <section className="audit">
      <ListPageHeader title="Audit" filters={filters} />
      <ListFrame
        filtersLabel="Audit filters"
        filters={filters.open ? { fields: FILTERS, validate, autoCollapse: filters.auto, ...list.filterPanel } : null}
        actions={null}
        {...list.frame}
      >
        <SortableTable
          card={CARD}
          columns={COLUMNS}
          rows={list.rows}
          getRowKey={(r) => r.id}
          emptyMessage="No audit entries found."
          {...list.table}
        />
      </ListFrame>
    </section>
  );
}

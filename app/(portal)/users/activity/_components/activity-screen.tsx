'use client';

import type { FilterField, FilterValues } from '@/components/lists/filter-panel';
import { ListFrame } from '@/components/lists/list-frame';
import { ListPageHeader } from '@/components/lists/list-page-header';
import { SortableTable, type Column } from '@/components/lists/sortable-table';
import { useFiltersToggle } from '@/components/lists/use-filters-toggle';
import { useList } from '@/components/lists/use-list';
import { DateText } from '@/components/ui/date-text';
import { ApiRequestError } from '@/lib/client/api';
import { ACTIVITIES } from '@/lib/domain/audit/activities';
import { ACTIVITY_LIST, type ActivityAnswer, type ActivityRow } from './activity-list';
import { activityDetailText, activityLabel } from './activity-words';

type FilterName = keyof typeof ACTIVITY_LIST.filters;
const FILTERS: FilterField<FilterName>[] = [
  { name: 'user_email', label: 'User e-mail', kind: 'text' },
  {
    name: 'activity',
    label: 'Activity',
    kind: 'select',
    options: ACTIVITIES.map((value) => ({ value, label: activityLabel(value) })).sort((a, b) => a.label.localeCompare(b.label)),
  },
  { name: 'date_from', label: 'From', kind: 'date' },
  { name: 'date_to', label: 'To', kind: 'date' },
];

const validate = (values: FilterValues<FilterName>) =>
  values.date_from && values.date_to && values.date_to < values.date_from ? { date_to: 'The to date is before the from date.' } : {};

const COLUMNS: Column<ActivityRow>[] = [
  { id: 'time', header: 'When (SAST)', cell: (r) => <DateText value={r.created_at} format="datetime" />, sortKey: 'time' },
  { id: 'user', header: 'User', cell: (r) => r.user_email, sortKey: 'user_email' },
  { id: 'activity', header: 'Activity', cell: (r) => activityLabel(r.activity), sortKey: 'activity' },
  { id: 'detail', header: 'Detail', cell: (r) => activityDetailText(r.detail) },
  { id: 'ip', header: 'Address', cell: (r) => r.ip ?? '' },
];

/**
 * The user-activity screen (spec §2): any change of a filter reloads the list after a pause, with the
 * filters, page, page size and sort in the address; a date is cleared by emptying its box.
 */
export function ActivityScreen({ initial }: { initial?: ActivityAnswer }) {
  const list = useList(ACTIVITY_LIST, { initial });
  const filters = useFiltersToggle();
  const refused = list.error instanceof ApiRequestError ? list.error : null;
  return (
    <section className="admin-list">
      <ListPageHeader title="User activity" filters={filters} />
      <ListFrame
        filtersLabel="Activity filters"
        filters={
          filters.open
            ? {
                fields: FILTERS,
                validate,
                applyOnChange: true,
                autoCollapse: filters.auto,
                serverMessage: refused?.message,
                ...list.filterPanel,
              }
            : null
        }
        actions={null}
        {...list.frame}
      >
        <SortableTable
          columns={COLUMNS}
          rows={list.rows}
          getRowKey={(r) => r.id}
          emptyMessage="No activity matches these filters."
          card={{ title: 'activity', fields: ['time', 'user', 'detail', 'ip'] }}
          {...list.table}
        />
      </ListFrame>
    </section>
  );
}

import { defineList, textFilters } from '@/components/lists/list-spec';
import { HISTORY_SORT_KEYS } from '@/lib/domain/masterdata/schemas';
import { pagerOf, type LaravelPage } from '@/lib/domain/paging';
import type { HistoryRow } from '@/lib/domain/masterdata/queries';

/** The master-data list: GET /masterdata/history, its filters and sorts, 10 rows a page (the server's default). */
export const MASTERDATA_LIST = defineList({
  endpoint: '/masterdata/history',
  filters: textFilters('search', 'event_type', 'status'),
  sortKeys: HISTORY_SORT_KEYS,
  defaultPageSize: 10,
  read: (answer: { histories: LaravelPage<HistoryRow> }) => ({ rows: answer.histories.data, pager: pagerOf(answer.histories) }),
});

import { defineList, textFilters } from '@/components/lists/list-spec';
import { DEFAULT_PAGE_SIZE } from '@/components/lists/page-size';
import type { HistoryPage } from '@/lib/domain/history/queries';
import { HISTORY_SORT_KEYS } from '@/lib/domain/history/schemas';

/**
 * The history list: GET /history/documents with its filters by their API names, `page`, `results`,
 * `sort` and `direction` in the address. The selected vendors are not: they are held on the server
 * (spec §6, the selection bar) and sent with each request; the subsidiary is in the address once a
 * search chose it, else the held one is sent.
 */
export const HISTORY_LIST = defineList({
  endpoint: '/history/documents',
  filters: textFilters(
    'xdocTypeCode',
    'wfStatusCode',
    'store',
    'subsidiary',
    'region',
    'division',
    'custaccountTinyMce',
    'fromDate',
    'toDate',
  ),
  sortKeys: HISTORY_SORT_KEYS,
  pageSizeParam: 'results',
  defaultPageSize: DEFAULT_PAGE_SIZE,
  read: (answer: HistoryPage) => ({ rows: answer.xdocs, pager: answer.resultPager }),
});

export type HistoryFilterName = keyof typeof HISTORY_LIST.filters;

/** What every request adds from the selection bar: the held subsidiary and the selected vendors. */
export function selectionQuery(subsidiary: string, vendorCodes: readonly string[]) {
  return { subsidiary: subsidiary || undefined, vendorCode: vendorCodes.length ? vendorCodes.join(',') : undefined };
}

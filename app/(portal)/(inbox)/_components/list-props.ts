import type { FilterValues } from './filters';
import type { LookupOptions } from '@/components/lists/filter-panel';
import type { ListPage, ListTabId } from './tabs';

/** What InboxScreen hands each list. */
export interface InboxListProps<Tab extends ListTabId> {
  tab: Tab;
  initial: ListPage | null;
  initialPage: number;
  initialFilters: FilterValues;
  pageSize: number;
  lookups: LookupOptions;
  showFilters: boolean;
  onLoaded: (tab: ListTabId, totalResults: number | string) => void;
  onFiltersChange: (tab: ListTabId, filters: FilterValues) => void;
  onPageSizeChange: (size: number) => void;
  /** Lowers the tab's counter: by 1 per document read, by the successes of a response. */
  onDecrement: (tab: ListTabId, by: number) => void;
}

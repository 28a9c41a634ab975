import type { FilterValues, Option } from './filters';
import type { LookupOptions } from '@/components/lists/filter-panel';
import type { SortState } from '@/components/lists/sort-rows';
import type { ListId, ListPage } from './tabs';

/** What a list keeps per tab, for when the user comes back to it: its filters and sort. */
export interface ListSnapshot {
  filters: FilterValues;
  sort: SortState | null;
}

/** What InboxScreen hands each list; the list's filters, sort, page and page size are in the address. */
export interface InboxListProps<Tab extends ListId> {
  tab: Tab;
  /** The page the address asks for as the server rendered it, if it did. */
  initial: ListPage | null;
  /** The document to open on arrival (the address's `doc`). */
  initialDoc: string | null;
  /** The page size when the address gives none (the user's cookie). */
  pageSize: number;
  lookups: LookupOptions;
  /** The user's vendors; with more than one, lists show a Vendor column and filter. */
  vendors: readonly Option[];
  /** The filter panel: shown or not, and whether small screens still collapse it by CSS (useFiltersToggle). */
  showFilters: boolean;
  filtersAuto: boolean;
  filtersId: string;
  /** Told the total of each load without filters; the counters keep each tab's first one (counters.ts). */
  onLoaded: (tab: ListId, totalResults: number | string) => void;
  /** The list's filters or sort changed: InboxScreen keeps them for when the user comes back to the tab. */
  onSnapshot: (tab: ListId, snapshot: ListSnapshot) => void;
  onPageSizeChange: (size: number) => void;
  /** Lowers the tab's counter: by 1 per document read, by the successes of a response. */
  onDecrement: (tab: ListId, by: number) => void;
}

import type { SortState } from '@/components/lists/sort-rows';
import type { FilterValues, Option } from './filters';
import type { LookupOptions } from '@/components/lists/filter-panel';
import type { ListSnapshot } from './inbox-url';
import type { ListId, ListPage } from './tabs';

/** What InboxScreen hands each list. */
export interface InboxListProps<Tab extends ListId> {
  tab: Tab;
  initial: ListPage | null;
  initialPage: number;
  initialFilters: FilterValues;
  initialSort: SortState | null;
  /** The document to open on arrival (the address's `doc`). */
  initialDoc: string | null;
  pageSize: number;
  lookups: LookupOptions;
  /** The user's vendors; with more than one, lists show a Vendor column and filter. */
  vendors: readonly Option[];
  /** The filter panel: shown or not, and whether small screens still collapse it by CSS (useFiltersToggle). */
  showFilters: boolean;
  filtersAuto: boolean;
  filtersId: string;
  onLoaded: (tab: ListId, totalResults: number | string) => void;
  /** The list's filters or sort changed: InboxScreen keeps them for when the user comes back to the tab. */
  onSnapshot: (tab: ListId, snapshot: ListSnapshot) => void;
  onPageSizeChange: (size: number) => void;
  /** Lowers the tab's counter: by 1 per document read, by the successes of a response. */
  onDecrement: (tab: ListId, by: number) => void;
}

import { listUrlChanges, paramsOf, readListUrl, type ListUrlSpec, type ListUrlState, type Search } from '@/components/lists/list-url';
import type { SortState } from '@/components/lists/sort-rows';
import { INBOX_SORT_KEYS } from '@/lib/domain/inbox/schemas';
import { FILTER_FIELDS, VENDOR_FIELD, type FilterName, type FilterValues } from './filters';
import { isListTab, LIST_ENDPOINTS, parseTab, type ListTabId, type TabId } from './tabs';

/**
 * The inbox's address: the tab, the list's filters, page, page size (`results`) and sort, and the open
 * document (`doc`, its tinyMce). The server render reads it too, so a reload, a pasted link or the way
 * back after signing in shows the same list with the same document open.
 */

/** The columns every inbox list can be sorted by on the server (the lists' `sort` parameter): the API's own list. */
export { INBOX_SORT_KEYS, type InboxSortKey } from '@/lib/domain/inbox/schemas';

/** The parameter naming the document whose window is open. */
export const DOC_PARAM = 'doc';
const MAX_DOC_LENGTH = 100;

/** What a list keeps per tab and writes to the address: its filters and sort. */
export interface ListSnapshot {
  filters: FilterValues;
  sort: SortState | null;
}

export interface InboxUrlState extends ListUrlState<FilterName> {
  tab: TabId;
  /** The tinyMce of the document to open, if any. */
  doc: string | null;
}

/** A tab's list parameters: its own filters (plus the vendor for a user with several), `results`, the sort keys. */
export function inboxUrlSpec(tab: ListTabId, withVendor: boolean): ListUrlSpec<FilterName> {
  const filters = FILTER_FIELDS[tab].map((f) => f.name);
  return { filters: withVendor ? [...filters, VENDOR_FIELD.name] : filters, sortKeys: INBOX_SORT_KEYS, pageSizeParam: 'results' };
}

/** The inbox as the address gives it; what a tab does not offer is ignored. */
export function readInboxUrl(search: Search, { withVendor }: { withVendor: boolean }): InboxUrlState {
  const params = paramsOf(search);
  const tab = parseTab(params.get('tab'));
  // The page size is the screen's, not the tab's: every tab reads it.
  const list = readListUrl(params, isListTab(tab) ? inboxUrlSpec(tab, withVendor) : { filters: [], sortKeys: [] });
  const doc = isListTab(tab) ? params.get(DOC_PARAM)?.trim().slice(0, MAX_DOC_LENGTH) || null : null;
  return isListTab(tab) ? { ...list, tab, doc } : { filters: {}, page: 1, pageSize: list.pageSize, sort: null, tab, doc };
}

/** Every filter name any tab writes, so a tab switch can clear the ones of the tab left behind. */
const ALL_FILTERS: readonly FilterName[] = [
  ...new Set([...Object.values(FILTER_FIELDS).flatMap((fields) => fields.map((f) => f.name)), VENDOR_FIELD.name]),
];

/** The address changes that open `tab`, showing its kept filters and sort (page 1, no document open). */
export function tabChanges(tab: TabId, kept: ListSnapshot | undefined, withVendor: boolean): Record<string, string | number | null> {
  const changes: Record<string, string | number | null> = { tab, page: null, sort: null, direction: null, [DOC_PARAM]: null };
  for (const name of ALL_FILTERS) changes[name] = null;
  if (isListTab(tab) && kept)
    Object.assign(changes, listUrlChanges({ filters: kept.filters, sort: kept.sort }, inboxUrlSpec(tab, withVendor)));
  return changes;
}

/** The address changes after a list's filters or sort change: both written, back to page 1. */
export function listChanges(tab: ListTabId, state: Partial<ListSnapshot>, withVendor: boolean): Record<string, string | number | null> {
  return listUrlChanges({ ...state, page: 1 }, inboxUrlSpec(tab, withVendor));
}

export const LIST_TABS = Object.keys(LIST_ENDPOINTS) as ListTabId[];

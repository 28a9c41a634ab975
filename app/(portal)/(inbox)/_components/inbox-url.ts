import { listUrlChanges, paramsOf, readListUrl, type ListUrlSpec, type ListUrlState, type Search } from '@/components/lists/list-url';
import type { SortState } from '@/components/lists/sort-rows';
import { INBOX_SORT_KEYS } from '@/lib/domain/inbox/schemas';
import { FILTER_FIELDS, VENDOR_FIELD, type FilterName, type FilterValues } from './filters';
import {
  INVOICE_VIEWS,
  isListTab,
  LIST_ENDPOINTS,
  parseInvoiceView,
  parseTab,
  type InvoiceViewId,
  type ListId,
  type ListTabId,
  type TabId,
} from './tabs';

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
  /** The invoices tab's view (`view`), kept whatever the tab. */
  view: InvoiceViewId;
  /** The list the address shows: the tab's own, the invoices tab's view, or none. */
  list: ListId | null;
  /** The tinyMce of the document to open, if any. */
  doc: string | null;
}

/** A tab's list parameters: its own filters (plus the vendor for a user with several), `results`, the sort keys. */
export function inboxUrlSpec(tab: ListId, withVendor: boolean): ListUrlSpec<FilterName> {
  const filters = FILTER_FIELDS[tab].map((f) => f.name);
  return { filters: withVendor ? [...filters, VENDOR_FIELD.name] : filters, sortKeys: INBOX_SORT_KEYS, pageSizeParam: 'results' };
}

/** The inbox as the address gives it; what a tab does not offer is ignored. */
export function readInboxUrl(search: Search, { withVendor }: { withVendor: boolean }): InboxUrlState {
  const params = paramsOf(search);
  const tab = parseTab(params.get('tab'));
  const view = parseInvoiceView(params.get(VIEW_PARAM));
  const shown = listOf(tab, view);
  // The page size is the screen's, not the tab's: every tab reads it.
  const list = readListUrl(params, shown ? inboxUrlSpec(shown, withVendor) : { filters: [], sortKeys: [] });
  const doc = shown ? params.get(DOC_PARAM)?.trim().slice(0, MAX_DOC_LENGTH) || null : null;
  return shown
    ? { ...list, tab, view, list: shown, doc }
    : { filters: {}, page: 1, pageSize: list.pageSize, sort: null, tab, view, list: null, doc };
}

/** Every filter name any tab writes, so a tab switch can clear the ones of the tab left behind. */
const ALL_FILTERS: readonly FilterName[] = [
  ...new Set([...Object.values(FILTER_FIELDS).flatMap((fields) => fields.map((f) => f.name)), VENDOR_FIELD.name]),
];

/** The address changes that open `tab` (and, on the invoices tab, `view`), showing its kept filters and sort (page 1, no document open). */
export function tabChanges(
  tab: TabId,
  kept: ListSnapshot | undefined,
  withVendor: boolean,
  view: InvoiceViewId = INVOICE_VIEWS[0].id,
): Record<string, string | number | null> {
  const changes: Record<string, string | number | null> = { tab, page: null, sort: null, direction: null, [DOC_PARAM]: null };
  changes[VIEW_PARAM] = tab === 'invoices' && view !== INVOICE_VIEWS[0].id ? view : null;
  for (const name of ALL_FILTERS) changes[name] = null;
  const shown = listOf(tab, view);
  if (shown && kept) Object.assign(changes, listUrlChanges({ filters: kept.filters, sort: kept.sort }, inboxUrlSpec(shown, withVendor)));
  return changes;
}

/** The address changes after a list's filters or sort change: both written, back to page 1. */
export function listChanges(tab: ListId, state: Partial<ListSnapshot>, withVendor: boolean): Record<string, string | number | null> {
  return listUrlChanges({ ...state, page: 1 }, inboxUrlSpec(tab, withVendor));
}

/** Every list the inbox shows, each with its own counter: the tabs' lists and the invoices tab's views. */
export const COUNTED_LISTS = Object.keys(LIST_ENDPOINTS) as ListId[];

/** The parameter naming the invoices tab's view. */
export const VIEW_PARAM = 'view';

/** The list a tab shows: its own, or on the invoices tab the chosen view; null for none. */
export const listOf = (tab: TabId, view: InvoiceViewId): ListId | null => (isListTab(tab) ? tab : tab === 'invoices' ? view : null);

export type { ListTabId };

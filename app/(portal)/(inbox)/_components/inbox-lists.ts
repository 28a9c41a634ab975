import { parseAsString, parseAsStringLiteral } from 'nuqs/server';
import { defineList, pageParser, textFilters } from '@/components/lists/list-spec';
import { DEFAULT_PAGE_SIZE } from '@/components/lists/page-size';
import { INBOX_SORT_KEYS } from '@/lib/domain/inbox/schemas';
import { FILTER_FIELDS, VENDOR_FIELD, type FilterName } from './filters';
import type { ListSnapshot } from './list-props';
import { INVOICE_VIEWS, isListTab, LIST_ENDPOINTS, TABS, toListPage, type InvoiceViewId, type ListId, type TabId } from './tabs';

/**
 * The inbox's lists as the one list mechanism declares them (components/lists/list-spec.ts), and the
 * rest of its address: the tab, the invoices tab's view and the open document (`doc`, its tinyMce). The
 * server render reads the same address with the same parsers, so a reload, a pasted link or the way back
 * after signing in shows the same list with the same document open (docs/architecture.md "The client side").
 */

/** The parameter naming the document whose window is open. */
export const DOC_PARAM = 'doc';

/** The tab, the view and the open document; the tab is always written, so every inbox address names one. */
export const INBOX_PLACE = {
  tab: parseAsStringLiteral(TABS.map((t) => t.id))
    .withDefault('orders')
    .withOptions({ clearOnDefault: false }),
  view: parseAsStringLiteral(INVOICE_VIEWS.map((v) => v.id)).withDefault(INVOICE_VIEWS[0].id),
  [DOC_PARAM]: parseAsString,
};

/** The list a tab shows: its own, or on the invoices tab the chosen view; null for none. */
export const listOf = (tab: TabId, view: InvoiceViewId): ListId | null => (isListTab(tab) ? tab : tab === 'invoices' ? view : null);

/** Every list the inbox shows, each with its own counter: the tabs' lists and the invoices tab's views. */
export const COUNTED_LISTS = Object.keys(LIST_ENDPOINTS) as ListId[];

/** A list's filters: its own, plus the vendor for a user linked to several. */
export const filterNamesOf = (list: ListId, withVendor: boolean): FilterName[] => [
  ...FILTER_FIELDS[list].map((f) => f.name),
  ...(withVendor ? [VENDOR_FIELD.name] : []),
];

function declare(list: ListId, withVendor: boolean) {
  return defineList({
    endpoint: LIST_ENDPOINTS[list],
    filters: textFilters(...filterNamesOf(list, withVendor)),
    sortKeys: INBOX_SORT_KEYS,
    pageSizeParam: 'results',
    defaultPageSize: DEFAULT_PAGE_SIZE,
    read: toListPage,
  });
}
export type InboxListSpec = ReturnType<typeof declare>;

const declared = new Map<string, InboxListSpec>();
/** The declaration of one inbox list (made once per list and vendor choice, so its identity is stable). */
export function inboxList(list: ListId, withVendor: boolean): InboxListSpec {
  const key = `${list}:${withVendor}`;
  if (!declared.has(key)) declared.set(key, declare(list, withVendor));
  return declared.get(key)!;
}

/** Every parameter a tab switch rewrites: place, page, sort and the filters of every list. */
export const TAB_SWITCH = {
  ...INBOX_PLACE,
  page: pageParser,
  sort: parseAsString,
  direction: parseAsString,
  ...Object.fromEntries(
    filterNamesOf('orders', true)
      .concat(...COUNTED_LISTS.map((l) => filterNamesOf(l, false)))
      .map((n) => [n, parseAsString]),
  ),
};

/**
 * The address changes that open `tab` (on the invoices tab, its `view`): the list left behind is cleared
 * (filters, page, sort, open document), the new one shows the filters and sort it had when last left.
 * The page size stays: it is the screen's, not a tab's.
 */
export function tabSwitch(tab: TabId, view: InvoiceViewId, kept: ListSnapshot | undefined): Record<string, string | null> {
  const cleared = Object.fromEntries(Object.keys(TAB_SWITCH).map((name) => [name, null]));
  return {
    ...cleared,
    ...kept?.filters,
    sort: kept?.sort?.columnId ?? null,
    direction: kept?.sort?.direction ?? null,
    tab,
    view: tab === 'invoices' ? view : null,
  };
}

'use client';

import { useCallback, useEffect, useReducer, useState } from 'react';
import { api } from '@/lib/client/api';
import { pushQuery } from '@/lib/client/location';
import { useFiltersToggle } from '@/components/lists/use-filters-toggle';
import { countersReducer, initialCounterState } from './counters';
import { DocumentList } from './documents/document-list';
import { hasFilters, showsVendor, type Option } from './filters';
import type { LookupOptions } from '@/components/lists/filter-panel';
import { INBOX_PANEL_ID, InboxTabs, tabDomId } from './inbox-tabs';
import { LIST_TABS, readInboxUrl, tabChanges, type InboxUrlState, type ListSnapshot } from './inbox-url';
import { OrderList } from './orders/order-list';
import { PAGE_SIZE_COOKIES, pageSizeCookie } from '@/components/lists/page-size';
import { counterOf, isListTab, LIST_ENDPOINTS, toListPage, type ListPage, type ListTabId, type TabId } from './tabs';

export interface InboxScreenProps {
  /** The inbox as the address described it when the page was rendered. */
  initialUrl: InboxUrlState;
  /** The initial tab's page as the server rendered it (null when it did not, e.g. for a refused search). */
  initialList: ListPage | null;
  pageSize: number;
  lookups: LookupOptions;
  /** The vendors the user is linked to; with more than one, lists show a Vendor column and filter. */
  vendors: readonly Option[];
}

const FILTERS_ID = 'inbox-filters';

/** The supplier's inbox (spec §2): tabs with counters, one list per tab, its state in the address bar. */
export function InboxScreen({ initialUrl, initialList, pageSize: initialPageSize, lookups, vendors }: InboxScreenProps) {
  const withVendor = showsVendor(vendors);
  const [view, setView] = useState({ url: initialUrl, initial: initialList });
  const [pageSize, setPageSize] = useState(initialPageSize);
  const filtersToggle = useFiltersToggle();
  const [snapshots, setSnapshots] = useState<Partial<Record<ListTabId, ListSnapshot>>>(() =>
    isListTab(initialUrl.tab) ? { [initialUrl.tab]: { filters: initialUrl.filters, sort: initialUrl.sort } } : {},
  );
  // The rendered page counts its tab only when it is the whole tab (no filters); sort and page do not change a total.
  const initialCounts = initialList !== null && isListTab(initialUrl.tab) && !hasFilters(initialUrl.filters);
  const [counters, dispatch] = useReducer(countersReducer, undefined, () =>
    initialCounts && isListTab(initialUrl.tab)
      ? initialCounterState({ key: counterOf(initialUrl.tab), total: initialList!.pager.totalResults })
      : initialCounterState(),
  );

  const onLoaded = useCallback((tab: ListTabId, total: number | string) => dispatch({ type: 'loaded', key: counterOf(tab), total }), []);
  const onDecrement = useCallback((tab: ListTabId, by: number) => dispatch({ type: 'decrement', key: counterOf(tab), by }), []);
  const onSnapshot = useCallback((tab: ListTabId, snapshot: ListSnapshot) => setSnapshots((s) => ({ ...s, [tab]: snapshot })), []);
  const onPageSizeChange = useCallback((size: number) => {
    document.cookie = pageSizeCookie(PAGE_SIZE_COOKIES.inbox, size);
    setPageSize(size);
  }, []);

  // Counters of the tabs not counted by the rendered page: a one-row request each, so every tab shows
  // its number on start. It counts as that tab's first load; the tab's own later loads leave it alone.
  useEffect(() => {
    for (const tab of LIST_TABS) {
      if (tab === initialUrl.tab && initialCounts) continue;
      api
        .get<unknown>(LIST_ENDPOINTS[tab], { results: 1, page: 1 })
        .then((body) => onLoaded(tab, toListPage(body).pager.totalResults))
        .catch(() => undefined);
    }
    // Once, on start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Back/forward across tabs: the tab the address names, showing the list the address describes.
  useEffect(() => {
    const onPopState = () => {
      const url = readInboxUrl(window.location.search, { withVendor });
      setView((v) => (v.url.tab === url.tab ? v : { url, initial: null }));
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [withVendor]);

  function selectTab(tab: TabId) {
    if (tab === view.url.tab) return;
    const kept = isListTab(tab) ? snapshots[tab] : undefined;
    setView({ url: { tab, page: 1, pageSize: null, doc: null, filters: kept?.filters ?? {}, sort: kept?.sort ?? null }, initial: null });
    pushQuery(tabChanges(tab, kept, withVendor));
  }

  const { url } = view;
  const { tab } = url;
  const listProps = isListTab(tab)
    ? {
        initial: view.initial,
        initialPage: url.page,
        initialFilters: url.filters,
        initialSort: url.sort,
        initialDoc: url.doc,
        pageSize,
        lookups,
        vendors,
        showFilters: filtersToggle.open,
        filtersAuto: filtersToggle.auto,
        filtersId: FILTERS_ID,
        onLoaded,
        onSnapshot,
        onPageSizeChange,
        onDecrement,
      }
    : null;

  return (
    <section className="inbox">
      <header className="page__header">
        <h1 className="page__title">Inbox</h1>
        {isListTab(tab) ? (
          <button
            type="button"
            className="btn btn--sm"
            aria-expanded={filtersToggle.open}
            aria-controls={FILTERS_ID}
            onClick={filtersToggle.toggle}
          >
            {filtersToggle.open ? 'Hide filters' : 'Show filters'}
          </button>
        ) : null}
      </header>
      <InboxTabs active={tab} counters={counters} onSelect={selectTab} />
      <div role="tabpanel" id={INBOX_PANEL_ID} aria-labelledby={tabDomId(tab)} className="card inbox__panel">
        {listProps && (tab === 'orders' || tab === 'return-orders') ? <OrderList {...listProps} key={tab} tab={tab} /> : null}
        {listProps && (tab === 'delivery-notes' || tab === 'disputes' || tab === 'remittances') ? (
          <DocumentList {...listProps} key={tab} tab={tab} />
        ) : null}
        {tab === 'invoices' ? (
          <div className="inbox-note">
            <h2>Invoices</h2>
            <p className="muted">
              Invoicing opens here: confirmed orders to invoice and returned orders to credit. It is not available in the inbox yet.
            </p>
          </div>
        ) : null}
      </div>
    </section>
  );
}

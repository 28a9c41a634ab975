'use client';

import { useCallback, useEffect, useReducer, useState } from 'react';
import { api } from '@/lib/client/api';
import { pushQuery } from '@/lib/client/location';
import { countersReducer, initialCounterState } from './counters';
import { DocumentList } from './documents/document-list';
import type { FilterValues } from './filters';
import type { LookupOptions } from '@/components/lists/filter-panel';
import { INBOX_PANEL_ID, InboxTabs, tabDomId } from './inbox-tabs';
import { OrderList } from './orders/order-list';
import { PAGE_SIZE_COOKIES, pageSizeCookie } from '@/components/lists/page-size';
import { counterOf, isListTab, LIST_ENDPOINTS, parsePage, parseTab, toListPage, type ListPage, type ListTabId, type TabId } from './tabs';

export interface InboxScreenProps {
  initialTab: TabId;
  initialPage: number;
  /** The initial tab's page as the server rendered it. */
  initialList: ListPage | null;
  pageSize: number;
  lookups: LookupOptions;
}

const LIST_TABS = Object.keys(LIST_ENDPOINTS) as ListTabId[];

/** The supplier's inbox (spec §2): tabs with counters, one list per tab, filters shown by default. */
export function InboxScreen({ initialTab, initialPage, initialList, pageSize: initialPageSize, lookups }: InboxScreenProps) {
  const [view, setView] = useState({ tab: initialTab, page: initialPage, initial: initialList });
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [showFilters, setShowFilters] = useState(true);
  const [snapshots, setSnapshots] = useState<Partial<Record<ListTabId, FilterValues>>>({});
  const [counters, dispatch] = useReducer(countersReducer, undefined, () =>
    initialList && isListTab(initialTab)
      ? initialCounterState({ key: counterOf(initialTab), total: initialList.pager.totalResults })
      : initialCounterState(),
  );

  const onLoaded = useCallback((tab: ListTabId, total: number | string) => dispatch({ type: 'loaded', key: counterOf(tab), total }), []);
  const onDecrement = useCallback((tab: ListTabId, by: number) => dispatch({ type: 'decrement', key: counterOf(tab), by }), []);
  const onFiltersChange = useCallback((tab: ListTabId, filters: FilterValues) => setSnapshots((s) => ({ ...s, [tab]: filters })), []);
  const onPageSizeChange = useCallback((size: number) => {
    document.cookie = pageSizeCookie(PAGE_SIZE_COOKIES.inbox, size);
    setPageSize(size);
  }, []);

  // Counters of the tabs not shown yet: a one-row request each, so every tab shows its number on start.
  // It counts as that tab's first load; the tab's own later loads leave the counter alone.
  useEffect(() => {
    for (const tab of LIST_TABS) {
      if (tab === initialTab && initialList) continue;
      api
        .get<unknown>(LIST_ENDPOINTS[tab], { results: 1, page: 1 })
        .then((body) => onLoaded(tab, toListPage(body).pager.totalResults))
        .catch(() => undefined);
    }
    // Once, on start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Back/forward across tabs.
  useEffect(() => {
    const onPopState = () => {
      const params = new URLSearchParams(window.location.search);
      const tab = parseTab(params.get('tab'));
      setView((v) => (v.tab === tab ? v : { tab, page: parsePage(params.get('page')), initial: null }));
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  function selectTab(tab: TabId) {
    if (tab === view.tab) return;
    setView({ tab, page: 1, initial: null });
    pushQuery({ tab, page: null });
  }

  const { tab } = view;
  const listProps = isListTab(tab)
    ? {
        initial: view.initial,
        initialPage: view.page,
        initialFilters: snapshots[tab] ?? {},
        pageSize,
        lookups,
        showFilters,
        onLoaded,
        onFiltersChange,
        onPageSizeChange,
        onDecrement,
      }
    : null;

  return (
    <section className="inbox">
      <header className="page__header">
        <h1 className="page__title">Inbox</h1>
        {isListTab(tab) ? (
          <button type="button" className="btn btn--sm" aria-expanded={showFilters} onClick={() => setShowFilters((s) => !s)}>
            {showFilters ? 'Hide filters' : 'Show filters'}
          </button>
        ) : null}
      </header>
      <InboxTabs active={tab} counts={counters.counts} onSelect={selectTab} />
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

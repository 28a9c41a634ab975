'use client';

import { useCallback, useEffect, useReducer, useState } from 'react';
import { api } from '@/lib/client/api';
import { pushQuery } from '@/lib/client/location';
import { useFiltersToggle } from '@/components/lists/use-filters-toggle';
import { counterText, countersReducer, initialCounterState } from './counters';
import { DocumentList } from './documents/document-list';
import { hasFilters, showsVendor, type Option } from './filters';
import type { LookupOptions } from '@/components/lists/filter-panel';
import { INBOX_PANEL_ID, InboxTabs, tabDomId } from './inbox-tabs';
import { COUNTED_LISTS, listOf, readInboxUrl, tabChanges, type InboxUrlState, type ListSnapshot } from './inbox-url';
import { InvoiceList } from './invoices/invoice-list';
import { OrderList } from './orders/order-list';
import { PAGE_SIZE_COOKIES, pageSizeCookie } from '@/components/lists/page-size';
import { counterOf, INVOICE_VIEWS, LIST_ENDPOINTS, toListPage, type InvoiceViewId, type ListId, type ListPage, type TabId } from './tabs';
import './inbox.css';

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
  const [snapshots, setSnapshots] = useState<Partial<Record<ListId, ListSnapshot>>>(() =>
    initialUrl.list ? { [initialUrl.list]: { filters: initialUrl.filters, sort: initialUrl.sort } } : {},
  );
  // The rendered page counts its list only when it is the whole list (no filters); sort and page do not change a total.
  const initialCounts = initialList !== null && initialUrl.list !== null && !hasFilters(initialUrl.filters);
  const [counters, dispatch] = useReducer(countersReducer, undefined, () =>
    initialCounts && initialUrl.list
      ? initialCounterState({ key: counterOf(initialUrl.list), total: initialList!.pager.totalResults })
      : initialCounterState(),
  );

  const onLoaded = useCallback((list: ListId, total: number | string) => dispatch({ type: 'loaded', key: counterOf(list), total }), []);
  const onDecrement = useCallback((list: ListId, by: number) => dispatch({ type: 'decrement', key: counterOf(list), by }), []);
  const onSnapshot = useCallback((list: ListId, snapshot: ListSnapshot) => setSnapshots((s) => ({ ...s, [list]: snapshot })), []);
  const onPageSizeChange = useCallback((size: number) => {
    document.cookie = pageSizeCookie(PAGE_SIZE_COOKIES.inbox, size);
    setPageSize(size);
  }, []);

  // Counters of the tabs not counted by the rendered page: a one-row request each, so every tab shows
  // its number on start. It counts as that tab's first load; the tab's own later loads leave it alone.
  useEffect(() => {
    for (const list of COUNTED_LISTS) {
      if (list === initialUrl.list && initialCounts) continue;
      api
        .get<unknown>(LIST_ENDPOINTS[list], { results: 1, page: 1 })
        .then((body) => onLoaded(list, toListPage(body).pager.totalResults))
        .catch(() => undefined);
    }
    // Once, on start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Back/forward across tabs: the tab the address names, showing the list the address describes.
  useEffect(() => {
    const onPopState = () => {
      const url = readInboxUrl(window.location.search, { withVendor });
      setView((v) => (v.url.list === url.list && v.url.tab === url.tab ? v : { url, initial: null }));
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [withVendor]);

  /** Opens a tab, or on the invoices tab one of its views, with the filters and sort it had when left. */
  function show(tab: TabId, invoiceView: InvoiceViewId) {
    const list = listOf(tab, invoiceView);
    if (tab === view.url.tab && list === view.url.list) return;
    const kept = list ? snapshots[list] : undefined;
    const filters = kept?.filters ?? {};
    setView({
      url: { tab, view: invoiceView, list, page: 1, pageSize: null, doc: null, filters, sort: kept?.sort ?? null },
      initial: null,
    });
    pushQuery(tabChanges(tab, kept, withVendor, invoiceView));
  }
  const selectTab = (tab: TabId) => show(tab, view.url.view);

  const { url } = view;
  const { tab } = url;
  const listProps = url.list
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
        {url.list ? (
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
        {listProps && tab === 'invoices' ? (
          <>
            <div className="invoice-views" role="group" aria-label="Invoices view">
              {INVOICE_VIEWS.map((v) => (
                <button
                  key={v.id}
                  type="button"
                  className={`btn btn--sm${url.view === v.id ? ' btn--primary' : ''}`}
                  aria-pressed={url.view === v.id}
                  onClick={() => show('invoices', v.id)}
                >
                  {v.label} <span className="inbox-tabs__count">{counterText(counters, [v.counter])}</span>
                </button>
              ))}
            </div>
            <InvoiceList {...listProps} key={url.view} tab={url.view} />
          </>
        ) : null}
      </div>
    </section>
  );
}

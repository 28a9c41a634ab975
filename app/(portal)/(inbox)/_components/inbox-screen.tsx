'use client';

import { useCallback, useEffect, useReducer, useState } from 'react';
import { useQueryStates } from 'nuqs';
import { api } from '@/lib/client/api';
import { useFiltersToggle } from '@/components/lists/use-filters-toggle';
import { counterText, countersReducer, initialCounterState } from './counters';
import { DocumentList } from './documents/document-list';
import { hasFilters, type FilterValues, type Option } from './filters';
import type { LookupOptions } from '@/components/lists/filter-panel';
import { INBOX_PANEL_ID, InboxTabs, tabDomId } from './inbox-tabs';
import { COUNTED_LISTS, INBOX_PLACE, listOf, TAB_SWITCH, tabSwitch } from './inbox-lists';
import type { ListSnapshot } from './list-props';
import { InvoiceList } from './invoices/invoice-list';
import { OrderList } from './orders/order-list';
import { PAGE_SIZE_COOKIES, pageSizeCookie } from '@/components/lists/page-size';
import { counterOf, INVOICE_VIEWS, LIST_ENDPOINTS, toListPage, type InvoiceViewId, type ListId, type ListPage, type TabId } from './tabs';
import './inbox.css';

/** The inbox as the address described it when the page was rendered. */
export interface InboxStart {
  list: ListId | null;
  filters: FilterValues;
  doc: string | null;
}

export interface InboxScreenProps {
  initialUrl: InboxStart;
  /** The initial list's page as the server rendered it (null when it did not, e.g. for a refused search). */
  initialList: ListPage | null;
  pageSize: number;
  lookups: LookupOptions;
  /** The vendors the user is linked to; with more than one, lists show a Vendor column and filter. */
  vendors: readonly Option[];
}

const FILTERS_ID = 'inbox-filters';

/**
 * The supplier's inbox (spec §2): tabs with counters, one list per tab. The tab and view are in the
 * address (nuqs), so back and forward step between tabs too; each list keeps its own state there.
 */
export function InboxScreen({ initialUrl, initialList, pageSize, lookups, vendors }: InboxScreenProps) {
  const [place] = useQueryStates(INBOX_PLACE);
  const [, switchTo] = useQueryStates(TAB_SWITCH, { history: 'push' });
  const filtersToggle = useFiltersToggle();
  const [snapshots, setSnapshots] = useState<Partial<Record<ListId, ListSnapshot>>>({});
  // The server's page and the address's document belong to the list shown on arrival, until another is shown.
  const [arrival, setArrival] = useState<{ page: ListPage | null; doc: string | null } | null>({ page: initialList, doc: initialUrl.doc });
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
  // The cookie is for the next visit. Here the chosen size is in the address, and an address without one
  // (back to before the change) shows the size it was shown with, as the history screen does.
  const onPageSizeChange = useCallback((size: number) => {
    document.cookie = pageSizeCookie(PAGE_SIZE_COOKIES.inbox, size);
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

  const { tab } = place;
  const shown = listOf(tab, place.view);
  if (arrival && shown !== initialUrl.list) setArrival(null);

  /** Opens a tab, or on the invoices tab one of its views, with the filters and sort it had when left (page 1, no document). */
  function show(next: TabId, invoiceView: InvoiceViewId) {
    const list = listOf(next, invoiceView);
    if (next === tab && list === shown) return;
    void switchTo(tabSwitch(next, invoiceView, list ? snapshots[list] : undefined) as never);
  }
  const selectTab = (next: TabId) => show(next, place.view);

  const listProps = shown
    ? {
        initial: arrival?.page ?? null,
        initialDoc: arrival?.doc ?? null,
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
        {shown ? (
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
                  className={`btn btn--sm${place.view === v.id ? ' btn--primary' : ''}`}
                  aria-pressed={place.view === v.id}
                  onClick={() => show('invoices', v.id)}
                >
                  {v.label} <span className="inbox-tabs__count">{counterText(counters, [v.counter])}</span>
                </button>
              ))}
            </div>
            <InvoiceList {...listProps} key={place.view} tab={place.view} />
          </>
        ) : null}
      </div>
    </section>
  );
}

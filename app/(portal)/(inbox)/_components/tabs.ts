import type { XdocListRow } from '@/lib/domain/documents/summary';
import type { ResultPager } from '@/lib/domain/paging';

/** The inbox tabs (spec §2), their counters (spec §2 "Tab counters") and the list each one loads. */

export type TabId = 'orders' | 'return-orders' | 'invoices' | 'delivery-notes' | 'disputes' | 'remittances';
export type CounterKey = 'orders' | 'returnOrders' | 'toInvoice' | 'toCredit' | 'pod' | 'remittance' | 'disputes';

/** A tab with one server-paged list; the invoices tab has two (its views). */
export type ListTabId = Exclude<TabId, 'invoices'>;
/** The invoices tab's views (spec §2): confirmed orders to invoice, and responded return orders to credit. */
export type InvoiceViewId = 'to-invoice' | 'to-credit';
/** A server-paged list: a tab's own, or one of the invoices tab's views. */
export type ListId = ListTabId | InvoiceViewId;

export const INVOICE_VIEWS: readonly { id: InvoiceViewId; label: string; counter: CounterKey }[] = [
  { id: 'to-invoice', label: 'To invoice', counter: 'toInvoice' },
  { id: 'to-credit', label: 'To credit', counter: 'toCredit' },
];
export const DEFAULT_INVOICE_VIEW: InvoiceViewId = 'to-invoice';
export const parseInvoiceView = (value: string | null | undefined): InvoiceViewId =>
  INVOICE_VIEWS.find((v) => v.id === value)?.id ?? DEFAULT_INVOICE_VIEW;
export type DocumentTabId = Exclude<ListTabId, 'orders' | 'return-orders'>;

export interface TabDef {
  id: TabId;
  label: string;
  /** Counters shown on the tab; the first one is the one its list sets and lowers. */
  counters: CounterKey[];
}

export const TABS: readonly TabDef[] = [
  { id: 'orders', label: 'Orders', counters: ['orders'] },
  { id: 'return-orders', label: 'Return orders', counters: ['returnOrders'] },
  { id: 'invoices', label: 'Invoices', counters: ['toInvoice', 'toCredit'] },
  { id: 'delivery-notes', label: 'Delivery notes', counters: ['pod'] },
  { id: 'disputes', label: 'Disputes', counters: ['disputes'] },
  { id: 'remittances', label: 'Remittances', counters: ['remittance'] },
];

/** API path of each list (spec §7). */
export const LIST_ENDPOINTS: Record<ListId, string> = {
  orders: '/orders',
  'return-orders': '/orders/returned',
  'delivery-notes': '/delivery-notes',
  disputes: '/disputes',
  remittances: '/remittance-advices',
  'to-invoice': '/orders/uninvoiced',
  'to-credit': '/orders/returned?responded=true',
};

export const DEFAULT_TAB: TabId = 'orders';

export function parseTab(value: string | string[] | null | undefined): TabId {
  const text = Array.isArray(value) ? value[0] : value;
  return TABS.find((t) => t.id === text)?.id ?? DEFAULT_TAB;
}

export const isListTab = (tab: TabId): tab is ListTabId => tab !== 'invoices';
export const isOrderTab = (tab: TabId): tab is 'orders' | 'return-orders' => tab === 'orders' || tab === 'return-orders';

export const counterOf = (list: ListId): CounterKey =>
  INVOICE_VIEWS.find((v) => v.id === list)?.counter ?? TABS.find((t) => t.id === list)!.counters[0];

/*
 * The fields the inbox screen reads from a list row. The server-rendered first page sends only these
 * (toInboxRow): every row is serialised into the page for the client, and the fields nobody reads
 * were a third of that. Rows the screen fetches itself are whole summaries, a superset.
 */
export const INBOX_ROW_FIELDS = [
  'id',
  'tinyMce',
  'docno',
  'orderno',
  'xdocSubTypeCode',
  'xdocDescr',
  'orderType',
  'wfStatusCode',
  'docDate',
  'deliveryDate',
  'totValue',
  'xdocTotalIncl',
  'branchName',
  'storeCode',
  'custaccountName',
  'vendorCode',
  'vendorName',
  'lineCount',
  'reasonCode',
  'reasonLabel',
] as const satisfies readonly (keyof XdocListRow)[];
export type InboxRow = Pick<XdocListRow, (typeof INBOX_ROW_FIELDS)[number]>;

/** Only the fields of INBOX_ROW_FIELDS, from a row that may carry more (a whole summary). */
export function toInboxRow(row: InboxRow): InboxRow {
  return Object.fromEntries(INBOX_ROW_FIELDS.map((field) => [field, row[field]])) as InboxRow;
}
export interface ListPage {
  rows: InboxRow[];
  pager: ResultPager;
}

/** Lists answer { xdocs: [...] }, remittances { xdocs: { xdoc: [...] } } (spec §7); both become one shape. */
export function toListPage(body: unknown): ListPage {
  const record = (body ?? {}) as { xdocs?: InboxRow[] | { xdoc?: InboxRow[] }; resultPager?: ResultPager };
  const rows = Array.isArray(record.xdocs) ? record.xdocs : (record.xdocs?.xdoc ?? []);
  const pager = record.resultPager ?? { results: 0, resultPage: 1, totalPages: 0, totalResults: 0 };
  return { rows, pager };
}

import type { ORDER_TYPES } from '@/db/schema/documents';
import type { FilterField as PanelField, FilterValues as PanelValues, Option } from '@/components/lists/filter-panel';
import type { ListTabId } from './tabs';

/** Filter fields of each inbox list (spec §2 Inbox, §3 order filter). Values are kept as the API's strings. */

export type FilterName =
  | 'docno'
  | 'store'
  | 'xdocTypeSubCode'
  | 'orderType'
  | 'deliveryDateFrom'
  | 'deliveryDateTo'
  | 'fromDate'
  | 'toDate'
  | 'custaccountTinyMce'
  | 'region';

export type FilterValues = PanelValues<FilterName>;
export type FilterField = PanelField<FilterName>;
export type { Option };

/** Spec §3 sub types an order can have; return orders have their own tab. */
export const ORDER_SUB_TYPES: readonly Option[] = [
  { value: 'direct', label: 'Direct' },
  { value: 'semi direct', label: 'Semi direct' },
  { value: 'normal', label: 'Normal' },
  { value: 'jab', label: 'JAB' },
];

const orderTypeValues = ['stock', 'promotion', 'non-stock'] as const satisfies readonly (typeof ORDER_TYPES)[number][];
export const ORDER_TYPE_OPTIONS: readonly Option[] = orderTypeValues.map((value) => ({
  value,
  label: { stock: 'Stock', promotion: 'Promotion', 'non-stock': 'Non-stock' }[value],
}));

const docno: FilterField = { name: 'docno', label: 'Document number', kind: 'text' };
const store: FilterField = { name: 'store', label: 'Store', kind: 'select' };
const fromDate: FilterField = { name: 'fromDate', label: 'From date', kind: 'date' };
const toDate: FilterField = { name: 'toDate', label: 'To date', kind: 'date' };

function orderFields(isReturn: boolean): FilterField[] {
  const due = isReturn ? 'Collection date' : 'Delivery date';
  return [
    { ...docno, label: 'Order number' },
    store,
    ...(isReturn ? [] : [{ name: 'xdocTypeSubCode', label: 'Order sub type', kind: 'select', options: ORDER_SUB_TYPES } as FilterField]),
    { name: 'orderType', label: 'Order type', kind: 'select', options: ORDER_TYPE_OPTIONS },
    { name: 'custaccountTinyMce', label: 'Customer', kind: 'select' },
    { name: 'region', label: 'Region', kind: 'select' },
    { name: 'deliveryDateFrom', label: `${due} from`, kind: 'date' },
    { name: 'deliveryDateTo', label: `${due} to`, kind: 'date' },
    { name: 'fromDate', label: 'Document date from', kind: 'date' },
    { name: 'toDate', label: 'Document date to', kind: 'date' },
  ];
}

export const FILTER_FIELDS: Record<ListTabId, FilterField[]> = {
  orders: orderFields(false),
  'return-orders': orderFields(true),
  'delivery-notes': [docno, store, fromDate, toDate],
  disputes: [docno, store, fromDate, toDate],
  remittances: [docno, store, fromDate, toDate],
};

/** The query of a list request: only filled-in filters (trimmed), plus the page size and page. */
export function listQuery(filters: FilterValues, results: number, page: number): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(filters)) {
    const text = value?.trim();
    if (text) query[name] = text;
  }
  return { ...query, results, page };
}

/** The label of a fixed option, else the raw value. */
export const optionLabel = (options: readonly Option[], value: string | null | undefined) =>
  options.find((o) => o.value === value)?.label ?? value ?? '';

export const hasFilters = (filters: FilterValues) => Object.values(filters).some((v) => v?.trim());

import type { ORDER_TYPES } from '@/db/schema/documents';
import type {
  FilterErrors as PanelErrors,
  FilterField as PanelField,
  FilterValues as PanelValues,
  Option,
} from '@/components/lists/filter-panel';
import { DATE_RANGES } from '@/lib/domain/inbox/schemas';
import { documentStatusLabel, ORDER_TYPE_LABELS, SUB_TYPE_LABELS } from '@/lib/vocabulary';
import type { ListId } from './tabs';

/** Filter fields of each inbox list (spec §2 Inbox, §3 order filter). Values are kept as the API's strings. */

export type FilterName =
  | 'docno'
  | 'store'
  | 'xdocTypeSubCode'
  | 'orderType'
  | 'wfStatusCode'
  | 'deliveryDateFrom'
  | 'deliveryDateTo'
  | 'fromDate'
  | 'toDate'
  | 'custaccountTinyMce'
  | 'region'
  | 'vendor';

export type FilterValues = PanelValues<FilterName>;
export type FilterField = PanelField<FilterName>;
export type FilterErrors = PanelErrors<FilterName>;
export type { Option };

/** Spec §3 sub types an order can have; return orders have their own tab. */
export const ORDER_SUB_TYPES: readonly Option[] = (['direct', 'semi direct', 'normal', 'jab'] as const).map((value) => ({
  value,
  label: SUB_TYPE_LABELS[value],
}));

const orderTypeValues = ['stock', 'promotion', 'non-stock'] as const satisfies readonly (typeof ORDER_TYPES)[number][];
export const ORDER_TYPE_OPTIONS: readonly Option[] = orderTypeValues.map((value) => ({
  value,
  label: ORDER_TYPE_LABELS[value],
}));

const docno: FilterField = { name: 'docno', label: 'Document number', kind: 'text' };
const store: FilterField = { name: 'store', label: 'Store', kind: 'lookup', lookup: 'store' };
const fromDate: FilterField = { name: 'fromDate', label: 'From date', kind: 'date' };
const toDate: FilterField = { name: 'toDate', label: 'To date', kind: 'date' };

function orderFields(isReturn: boolean): FilterField[] {
  const due = isReturn ? 'Collection date' : 'Delivery date';
  return [
    { ...docno, label: 'Order number' },
    store,
    ...(isReturn ? [] : [{ name: 'xdocTypeSubCode', label: 'Order sub type', kind: 'select', options: ORDER_SUB_TYPES } as FilterField]),
    { name: 'orderType', label: 'Order type', kind: 'select', options: ORDER_TYPE_OPTIONS },
    { name: 'custaccountTinyMce', label: 'Customer', kind: 'lookup', lookup: 'customer' },
    { name: 'region', label: 'Region', kind: 'lookup', lookup: 'region' },
    { name: 'deliveryDateFrom', label: `${due} from`, kind: 'date' },
    { name: 'deliveryDateTo', label: `${due} to`, kind: 'date' },
    { name: 'fromDate', label: 'Document date from', kind: 'date' },
    { name: 'toDate', label: 'Document date to', kind: 'date' },
  ];
}

/** Spec §4 work-flow statuses of orders waiting to be invoiced: confirmed, or partly confirmed (mixed). */
export const INVOICING_STATUS_OPTIONS: readonly Option[] = ['confirmed', 'mixed'].map((value) => ({
  value,
  label: documentStatusLabel(value),
}));

/** Spec §2: the invoices tab's views filter by number, store, sub type, order type, work-flow status and both date ranges. */
function invoicingFields(isReturn: boolean): FilterField[] {
  const [number, storeField, ...rest] = orderFields(isReturn).filter((f) => f.name !== 'custaccountTinyMce' && f.name !== 'region');
  const status: FilterField = { name: 'wfStatusCode', label: 'Work-flow status', kind: 'select', options: INVOICING_STATUS_OPTIONS };
  return [number, storeField, ...rest.slice(0, isReturn ? 1 : 2), status, ...rest.slice(isReturn ? 1 : 2)];
}

export const FILTER_FIELDS: Record<ListId, FilterField[]> = {
  orders: orderFields(false),
  'return-orders': orderFields(true),
  'to-invoice': invoicingFields(false),
  'to-credit': invoicingFields(true),
  'delivery-notes': [docno, store, fromDate, toDate],
  disputes: [docno, store, fromDate, toDate],
  // Spec §9: the remittance tab's pickers show yy-mm-dd.
  remittances: [docno, store, { ...fromDate, format: 'remittance' }, { ...toDate, format: 'remittance' }],
};

/** The Vendor filter: only for a user linked to more than one vendor (sends `vendor=<id>`). */
export const VENDOR_FIELD: FilterField = { name: 'vendor', label: 'Vendor', kind: 'lookup', lookup: 'vendor' };

/** Whether the inbox shows which vendor a document belongs to: only when the user has more than one. */
export const showsVendor = (vendors: readonly Option[]) => vendors.length > 1;

/** A tab's filter fields; the Vendor filter comes first for a user with several vendors. */
export function filterFieldsFor(tab: ListId, vendors: readonly Option[]): FilterField[] {
  const fields = FILTER_FIELDS[tab];
  return showsVendor(vendors) ? [fields[0], VENDOR_FIELD, ...fields.slice(1)] : fields;
}

/**
 * Checked before a search is sent, with the API's own rule and words (the server answers 422 for the
 * same): a date range must not end before it starts; the message goes to its "to" field.
 */
export function validateFilters(filters: FilterValues): FilterErrors {
  const errors: FilterErrors = {};
  for (const { from, to, message } of DATE_RANGES) {
    if (!isFilterName(from) || !isFilterName(to)) continue;
    const start = filters[from]?.trim();
    const end = filters[to]?.trim();
    // ISO dates (yyyy-mm-dd) compare as text.
    if (start && end && end < start) errors[to] = message;
  }
  return errors;
}

const FILTER_NAMES = new Set<string>([...Object.values(FILTER_FIELDS).flatMap((fields) => fields.map((f) => f.name)), VENDOR_FIELD.name]);
const isFilterName = (name: string): name is FilterName => FILTER_NAMES.has(name);

/** The label of a fixed option, else the raw value. */
export const optionLabel = (options: readonly Option[], value: string | null | undefined) =>
  options.find((o) => o.value === value)?.label ?? value ?? '';

export const hasFilters = (filters: FilterValues) => Object.values(filters).some((v) => v?.trim());

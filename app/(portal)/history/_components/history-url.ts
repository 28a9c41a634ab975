import type { FilterField } from '@/components/lists/filter-panel';
import { HISTORY_FILTER_NAMES, HISTORY_STATUSES, HISTORY_TYPES, historyTypeKind, SELECT_SUBSIDIARY } from '@/lib/domain/history/schemas';
import { documentLabel, documentStatusLabel, type DocumentKind } from '@/lib/vocabulary';

/** The history filter's parameters by their API names (the list's address is HISTORY_LIST, history-list.ts). */
export type HistoryFilterName = (typeof HISTORY_FILTER_NAMES)[number];
export type HistoryFilters = Partial<Record<HistoryFilterName, string>>;

/** A document's kind in words (lib/vocabulary): a credit note reads as one. */
export const typeLabel = (doc: DocumentKind) => documentLabel(doc);

/** The panel's fields; subsidiary and vendors are chosen in the selection bar above it (held on the server). */
export const HISTORY_FILTER_FIELDS: readonly FilterField<HistoryFilterName>[] = [
  {
    name: 'xdocTypeCode',
    label: 'Document type',
    kind: 'select',
    options: HISTORY_TYPES.map((t) => ({ value: t, label: typeLabel(historyTypeKind(t)) })),
  },
  {
    name: 'wfStatusCode',
    label: 'Document status',
    kind: 'select',
    options: HISTORY_STATUSES.map((s) => ({ value: s, label: documentStatusLabel(s) })),
  },
  { name: 'store', label: 'Store', kind: 'lookup', lookup: 'store' },
  { name: 'region', label: 'Region', kind: 'lookup', lookup: 'region' },
  { name: 'division', label: 'Division', kind: 'select' },
  { name: 'custaccountTinyMce', label: 'Customer account', kind: 'lookup', lookup: 'customer' },
  { name: 'fromDate', label: 'From date', kind: 'date' },
  { name: 'toDate', label: 'To date', kind: 'date' },
];

/** What the screen checks before asking (the server checks the same): spec §5 and a reversed range. */
export function validateHistoryFilters(filters: HistoryFilters): Partial<Record<HistoryFilterName, string>> {
  const errors: Partial<Record<HistoryFilterName, string>> = {};
  if (filters.vendorCode && !filters.subsidiary) errors.subsidiary = SELECT_SUBSIDIARY;
  if (filters.fromDate && filters.toDate && filters.toDate < filters.fromDate) errors.toDate = 'The to date is before the from date.';
  return errors;
}

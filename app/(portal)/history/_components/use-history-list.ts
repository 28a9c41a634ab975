'use client';

import { useState } from 'react';
import type { FilterValues } from '@/components/lists/filter-panel';
import { PAGE_SIZE_COOKIES, pageSizeCookie } from '@/components/lists/page-size';
import { useList } from '@/components/lists/use-list';
import { ApiRequestError } from '@/lib/client/api';
import type { HistoryPage } from '@/lib/domain/history/queries';
import type { SelectedVendor } from '@/lib/domain/history/selections';
import { HISTORY_LIST, selectionQuery, type HistoryFilterName } from './history-list';
import { validateHistoryFilters } from './history-url';

export type HistoryFilters = FilterValues<HistoryFilterName>;
/** Why the list was not searched: the screen's own check or the server's 422, by field. */
export type Refusal = { message: string; fields: Partial<Record<HistoryFilterName, string>> };

export interface HistoryListProps {
  initialPage?: HistoryPage;
  /** The page size when the address gives none (the historyPageLimit cookie, or 50). */
  pageSize: number;
  /** The subsidiary and the vendors held on the server when the page was rendered. */
  heldSubsidiary: string;
  selectedVendors: readonly SelectedVendor[];
}

const firstOf = (errors: Record<string, string[]> | undefined) =>
  Object.fromEntries(Object.entries(errors ?? {}).map(([field, messages]) => [field, messages[0]])) as Refusal['fields'];

/**
 * The history list on the list mechanism, with the selection bar's part: the subsidiary and vendors
 * chosen in the bar apply at the next Search (as the filters do), a vendor without a subsidiary is not
 * searched (spec §5), and a search the server refuses says why instead of failing.
 */
export function useHistoryList({ initialPage, pageSize, heldSubsidiary, selectedVendors }: HistoryListProps) {
  // What the last search used from the selection bar; the bar's own choice waits for the next Search.
  const [applied, setApplied] = useState({ subsidiary: heldSubsidiary, vendors: selectedVendors.map((v) => v.code) });
  const [checked, setChecked] = useState<Refusal | null>(null);
  const [vendors, setVendors] = useState<readonly SelectedVendor[]>(selectedVendors);
  const extraQuery = selectionQuery(applied.subsidiary, applied.vendors);

  const list = useList(HISTORY_LIST, { initial: initialPage, pageSize, extraQuery });
  // The bar shows the subsidiary in force; back and forward bring the address's back to it.
  const inForce = list.filters.subsidiary ?? applied.subsidiary;
  const [subsidiary, setSubsidiary] = useState(inForce);
  const [urlSubsidiary, setUrlSubsidiary] = useState(list.filters.subsidiary);
  if (list.filters.subsidiary !== urlSubsidiary) {
    setUrlSubsidiary(list.filters.subsidiary);
    setSubsidiary(inForce);
  }

  const refusedByServer = list.error instanceof ApiRequestError && list.error.status === 422 ? list.error : null;
  const refused: Refusal | null =
    checked ?? (refusedByServer ? { message: refusedByServer.message, fields: firstOf(refusedByServer.errors) } : null);

  /** Search: the panel's filters with the bar's subsidiary and vendors, from page 1, unless they cannot be searched. */
  function search(panel: HistoryFilters) {
    const codes = vendors.map((v) => v.code);
    const problems = validateHistoryFilters({ ...panel, subsidiary: subsidiary || undefined, vendorCode: codes.join(',') || undefined });
    if (Object.keys(problems).length) return setChecked({ message: Object.values(problems)[0]!, fields: problems });
    setChecked(null);
    setApplied({ subsidiary, vendors: codes });
    list.setFilters({ ...panel, subsidiary: subsidiary || undefined });
  }

  function changePageSize(size: number) {
    document.cookie = pageSizeCookie(PAGE_SIZE_COOKIES.history, size);
    list.setPageSize(size);
  }

  /** The list's question without its page: what the report is made of. */
  const reportQuery = { ...extraQuery, ...list.filters, sort: list.sort?.columnId, direction: list.sort?.direction };

  return {
    list,
    refused,
    search,
    changePageSize,
    reportQuery,
    selection: {
      subsidiaryId: subsidiary,
      vendors,
      subsidiaryError: refused?.fields.subsidiary,
      onChange: (next: { subsidiaryId: string; vendors: readonly SelectedVendor[] }) => {
        setSubsidiary(next.subsidiaryId);
        setVendors(next.vendors);
        if (checked?.fields.subsidiary && next.subsidiaryId) setChecked(null);
      },
    },
  };
}

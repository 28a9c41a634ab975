'use client';

import { useCallback, useState } from 'react';

/**
 * Row selection for tables with bulk actions (spec §4): select-all clears when every row on the
 * page is selected, otherwise it selects all rows on the page.
 */

export type RowId = string | number;

export function toggleId<Id extends RowId>(selected: ReadonlySet<Id>, id: Id): Set<Id> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

export function allSelected<Id extends RowId>(selected: ReadonlySet<Id>, pageIds: readonly Id[]): boolean {
  return pageIds.length > 0 && pageIds.every((id) => selected.has(id));
}

export function toggleAllIds<Id extends RowId>(selected: ReadonlySet<Id>, pageIds: readonly Id[]): Set<Id> {
  return allSelected(selected, pageIds) ? new Set() : new Set(pageIds);
}

/** State helper for a page of rows; pass its fields straight to SortableTable. */
export function useRowSelection<Id extends RowId>(pageIds: readonly Id[]) {
  const [selectedIds, setSelectedIds] = useState<Set<Id>>(() => new Set());
  const onToggle = useCallback((id: Id) => setSelectedIds((s) => toggleId(s, id)), []);
  const onToggleAll = useCallback(() => setSelectedIds((s) => toggleAllIds(s, pageIds)), [pageIds]);
  const clear = useCallback(() => setSelectedIds(new Set()), []);
  return { selectedIds, onToggle, onToggleAll, clear, setSelectedIds };
}

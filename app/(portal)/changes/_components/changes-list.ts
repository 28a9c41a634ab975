import { parseAsStringLiteral } from 'nuqs/server';
import { defineList, textFilters } from '@/components/lists/list-spec';
import type { ChangeSortKey } from '@/lib/domain/changes/schemas';
import { pagerOf, type LaravelPage } from '@/lib/domain/paging';
import type { ChangeKind, ChangeRow } from './change-fields';

// Spelled out rather than imported: lib/domain/changes/schemas.ts reads the database schema, which the browser need not load.
const SORT_KEYS = ['vendor', 'createdAt'] as const satisfies readonly ChangeSortKey[];
/** Spec §9: change lists show 10 rows; the screen's reset sets 25. */
export const CHANGES_PAGE_SIZE = 10;
export const CHANGES_RESET_PAGE_SIZE = 25;

/** Which list is shown, in the address as `tab` (item changes when absent), so a reload stays on it. */
export const changeTabParser = parseAsStringLiteral(['item', 'pricing'] as const satisfies readonly ChangeKind[]).withDefault('item');

const changesOf = (endpoint: string) =>
  defineList({
    endpoint,
    filters: textFilters('search', 'status'),
    sortKeys: SORT_KEYS,
    defaultPageSize: CHANGES_PAGE_SIZE,
    read: (answer: { changes: LaravelPage<ChangeRow> }) => ({ rows: answer.changes.data, pager: pagerOf(answer.changes) }),
  });

/** The two change lists (spec §7): the same filters and sorts, each at its own endpoint. */
export const CHANGE_LISTS: Record<ChangeKind, ReturnType<typeof changesOf>> = {
  item: changesOf('/changes/item'),
  pricing: changesOf('/changes/pricing/item'),
};

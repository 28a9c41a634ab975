'use client';

import { useEffect, useMemo, useState } from 'react';
import { ListFrame } from '@/components/lists/list-frame';
import { ListPageHeader } from '@/components/lists/list-page-header';
import { useFiltersToggle } from '@/components/lists/use-filters-toggle';
import { SortableTable } from '@/components/lists/sortable-table';
import { useList } from '@/components/lists/use-list';
import { useRowSelection } from '@/lib/client/selection';
import { formatDateDashes } from '@/lib/format/dates';
import { CatalogueToolbar } from './catalogue-toolbar';
import { ITEM_CARD, itemColumns, PRICING_CARD, pricingColumns } from './catalogue-columns';
import { CATALOGUE_DEFAULT_QUERY, CATALOGUE_LISTS, catalogueFilters } from './catalogue-list';
import type { CatalogueAnswer, CatalogueKind, ItemRow, ItemsAnswer, PricingRow } from './catalogue-types';
import { ItemViewModal } from './item-view-modal';

export interface CatalogueScreenProps {
  kind: CatalogueKind;
  /** The first page for the address, as the server rendered it (absent when the address asks what the API refuses). */
  initial?: CatalogueAnswer;
  /** Vendor administrators upload; everyone who sees the list may export and download it. */
  canUpload: boolean;
}

/** Items (spec §2 item management) and pricing (§2 pricing): filters, ticked rows, export, e-mailed download, upload. */
export function CatalogueScreen({ kind, initial, canUpload }: CatalogueScreenProps) {
  // One spec per kind; the cast says which answer goes with which list (the page passes the matching one).
  const spec = CATALOGUE_LISTS[kind] as typeof CATALOGUE_LISTS.items;
  const list = useList(spec, { initial: initial as ItemsAnswer | undefined, extraQuery: CATALOGUE_DEFAULT_QUERY[kind] });
  const filters = useFiltersToggle();
  const rows = list.rows as readonly (ItemRow | PricingRow)[];
  const pageIds = useMemo(() => rows.map((r) => r.id), [rows]);
  const selection = useRowSelection<number>(pageIds);
  const { clear } = selection;
  // A tick means "this row on this page": another page, filter or sort starts with none.
  useEffect(() => clear(), [rows, clear]);
  const [viewing, setViewing] = useState<ItemRow | null>(null);

  const shared = {
    getRowKey: (r: { id: number }) => r.id,
    selectedIds: selection.selectedIds,
    onToggle: (id: string | number) => selection.onToggle(Number(id)),
    onToggleAll: selection.onToggleAll,
    ...list.table,
  };
  const table =
    kind === 'items' ? (
      <SortableTable<ItemRow>
        {...shared}
        columns={itemColumns(setViewing)}
        rows={rows as ItemRow[]}
        rowLabel={(r) => r.catalogueCode}
        card={ITEM_CARD}
        emptyMessage="No items match these filters."
      />
    ) : (
      <SortableTable<PricingRow>
        {...shared}
        columns={pricingColumns()}
        rows={rows as PricingRow[]}
        rowLabel={(r) => `${r.catalogueCode} from ${formatDateDashes(r.effectiveFrom)}`}
        card={PRICING_CARD}
        emptyMessage="No prices match these filters."
      />
    );

  return (
    <section className="catalogue">
      <ListPageHeader title={kind === 'items' ? 'Items' : 'Pricing'} filters={filters} />
      <ListFrame
        filtersLabel={kind === 'items' ? 'Item filters' : 'Pricing filters'}
        filters={filters.open ? { fields: catalogueFilters(kind), autoCollapse: filters.auto, ...list.filterPanel } : null}
        actions={
          <CatalogueToolbar
            kind={kind}
            canUpload={canUpload}
            selected={selection.selectedIds}
            onExported={clear}
            onUploaded={list.refresh}
          />
        }
        {...list.frame}
      >
        {table}
      </ListFrame>
      {kind === 'items' ? <ItemViewModal item={viewing} onClose={() => setViewing(null)} /> : null}
    </section>
  );
}

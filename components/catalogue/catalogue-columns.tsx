'use client';

import type { Column } from '@/components/lists/sortable-table';
import { DateText } from '@/components/ui/date-text';
import { Money } from '@/components/ui/money';
import { changeStatusLabel } from '@/lib/vocabulary';
import type { ItemRow, PricingRow } from './catalogue-types';

const statusBadge = (status: string) => (
  <span className={`badge ${status === 'pending' ? 'badge--warning' : 'badge--success'}`}>{changeStatusLabel(status)}</span>
);

const state = (active: boolean) => (active ? 'Active' : 'Inactive');

/** At phone width each row is a card headed by its item code (components/lists/sortable-table.tsx). */
export const ITEM_CARD = { title: 'catalogueCode', fields: ['descr', 'vendorCode', 'packSize', 'active', 'status'] } as const;
export const PRICING_CARD = {
  title: 'catalogueCode',
  fields: ['descr', 'vendorCode', 'subsidiaryCode', 'costPrice', 'effectiveFrom', 'status'],
} as const;

/** Items: the code opens the view window; columns with a sortKey are sorted by the server over every page. */
export function itemColumns(onView: (row: ItemRow) => void): Column<ItemRow>[] {
  return [
    {
      id: 'catalogueCode',
      header: 'Item code',
      cell: (r) => (
        <button type="button" className="link-button" onClick={() => onView(r)}>
          {r.catalogueCode}
        </button>
      ),
      sortKey: 'catalogueCode',
    },
    { id: 'descr', header: 'Description', cell: (r) => r.descr, sortKey: 'descr' },
    { id: 'vendorCode', header: 'Vendor', cell: (r) => r.vendorCode, sortKey: 'vendorCode' },
    { id: 'barcode', header: 'Barcode', cell: (r) => r.barcode ?? '' },
    { id: 'unitOfMeasure', header: 'Unit', cell: (r) => r.unitOfMeasure },
    { id: 'packSize', header: 'Pack size', cell: (r) => r.packSize, className: 'num' },
    { id: 'active', header: 'State', cell: (r) => state(r.active) },
    { id: 'status', header: 'Status', cell: (r) => statusBadge(r.status) },
  ];
}

export function pricingColumns(): Column<PricingRow>[] {
  return [
    { id: 'catalogueCode', header: 'Item code', cell: (r) => r.catalogueCode, sortKey: 'catalogueCode' },
    { id: 'descr', header: 'Description', cell: (r) => r.descr, sortKey: 'descr' },
    { id: 'vendorCode', header: 'Vendor', cell: (r) => r.vendorCode, sortKey: 'vendorCode' },
    { id: 'subsidiaryCode', header: 'Subsidiary', cell: (r) => r.subsidiaryName ?? 'All' },
    {
      id: 'costPrice',
      header: 'Cost price',
      cell: (r) => <Money value={r.costPrice} />,
      className: 'num',
    },
    { id: 'effectiveFrom', header: 'Effective from', cell: (r) => <DateText value={r.effectiveFrom} />, className: 'nowrap' },
    { id: 'active', header: 'Item state', cell: (r) => state(r.active) },
    { id: 'status', header: 'Status', cell: (r) => statusBadge(r.status) },
  ];
}

'use client';

import type { Column } from '@/components/lists/sortable-table';
import { DateText } from '@/components/ui/date-text';
import { Money } from '@/components/ui/money';
import type { ItemRow, PricingRow } from './catalogue-types';
import { changeStatusLabel } from '@/lib/vocabulary';

const statusBadge = (status: string) => (
  <span className={`badge ${status === 'pending' ? 'badge--warning' : 'badge--success'}`}>{changeStatusLabel(status)}</span>
);

const state = (active: boolean) => (active ? 'Active' : 'Inactive');

/** Items: the code opens the view window. */
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
      sortValue: (r) => r.catalogueCode,
    },
    { id: 'descr', header: 'Description', cell: (r) => r.descr, sortValue: (r) => r.descr },
    { id: 'vendorCode', header: 'Vendor', cell: (r) => r.vendorCode, sortValue: (r) => r.vendorCode },
    { id: 'barcode', header: 'Barcode', cell: (r) => r.barcode ?? '' },
    { id: 'unitOfMeasure', header: 'Unit', cell: (r) => r.unitOfMeasure },
    { id: 'packSize', header: 'Pack size', cell: (r) => r.packSize, sortValue: (r) => r.packSize, className: 'num' },
    { id: 'active', header: 'State', cell: (r) => state(r.active) },
    { id: 'status', header: 'Status', cell: (r) => statusBadge(r.status) },
  ];
}

export function pricingColumns(): Column<PricingRow>[] {
  return [
    { id: 'catalogueCode', header: 'Item code', cell: (r) => r.catalogueCode, sortValue: (r) => r.catalogueCode },
    { id: 'descr', header: 'Description', cell: (r) => r.descr, sortValue: (r) => r.descr },
    { id: 'vendorCode', header: 'Vendor', cell: (r) => r.vendorCode, sortValue: (r) => r.vendorCode },
    { id: 'subsidiaryCode', header: 'Subsidiary', cell: (r) => r.subsidiaryCode ?? 'All' },
    {
      id: 'costPrice',
      header: 'Cost price',
      cell: (r) => <Money value={r.costPrice} />,
      sortValue: (r) => Number(r.costPrice),
      className: 'num',
    },
    { id: 'effectiveFrom', header: 'Effective from', cell: (r) => <DateText value={r.effectiveFrom} />, sortValue: (r) => r.effectiveFrom },
    { id: 'active', header: 'Item state', cell: (r) => state(r.active) },
    { id: 'status', header: 'Status', cell: (r) => statusBadge(r.status) },
  ];
}

import { priceChangePercent } from '@/components/changes/values-side-by-side';
import { VendorCell } from '@/components/changes/vendor-cell';
import type { Column } from '@/components/lists/sortable-table';
import { formatDateTime } from '@/lib/format';
import { changeStatusLabel } from '@/lib/vocabulary';
import { changeSummary, type ChangeKind, type ChangeRow } from './change-fields';

const STATUS_TONE: Record<string, string> = { pending: 'warning', approved: 'success', rejected: 'danger' };

/**
 * A change list's card at phone width: headed by the item it changes (a bare change number says nothing
 * there), then the change's number that opens it and what an approver decides by.
 */
export const CHANGE_CARD = {
  title: 'code',
  fields: ['id', 'vendor', 'summary', 'currentCost', 'proposedCost', 'percent', 'status', 'createdAt'],
} as const;

/** Pricing changes show the cost before and after and its move; item changes name the fields they change. */
function proposedColumns(kind: ChangeKind): Column<ChangeRow>[] {
  if (kind === 'item') return [{ id: 'summary', header: 'Proposed', cell: changeSummary }];
  return [
    { id: 'currentCost', header: 'Current cost', className: 'num', cell: (r) => String(r.current?.costPrice ?? '—') },
    { id: 'proposedCost', header: 'Proposed cost', className: 'num', cell: (r) => String(r.changeable.costPrice ?? '—') },
    {
      id: 'percent',
      header: 'Change',
      className: 'num',
      cell: (r) => priceChangePercent(r.current?.costPrice, r.changeable.costPrice) ?? '—',
    },
  ];
}

/** The columns of a change list; those with a sortKey are sorted by the server over every page. */
export function changeColumns(kind: ChangeKind, open: (row: ChangeRow) => void): Column<ChangeRow>[] {
  return [
    {
      id: 'id',
      header: 'Change',
      cell: (r) => (
        <button type="button" className="link-button" onClick={() => open(r)}>
          {r.id}
        </button>
      ),
    },
    {
      id: 'vendor',
      header: 'Vendor',
      sortKey: 'vendor',
      cell: (r) => <VendorCell vendor={r.vendor} />,
    },
    { id: 'code', header: 'Catalogue code', cell: (r) => String(r.changeable.catalogueCode ?? '') },
    ...proposedColumns(kind),
    {
      id: 'status',
      header: 'Status',
      cell: (r) => <span className={`badge badge--${STATUS_TONE[r.status] ?? 'accent'}`}>{changeStatusLabel(r.status)}</span>,
    },
    { id: 'requestedBy', header: 'Requested by', cell: (r) => r.requested_by?.name ?? '—' },
    {
      id: 'createdAt',
      header: 'Requested',
      label: 'Requested',
      sortKey: 'createdAt',
      className: 'nowrap',
      cell: (r) => formatDateTime(r.created_at),
    },
  ];
}
